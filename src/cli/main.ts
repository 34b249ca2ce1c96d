/** Placeholder: the CLI lands with the engine. */
process.exitCode = 2;
