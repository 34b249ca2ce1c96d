/**
 * How a sentence naming two files relates them when it makes one after the other: the file it
 * copies or takes as the model, and the file it makes or changes. A block under such a sentence
 * that is plainly the model whole, changed, is the other file's new text, never the model's.
 */
import { cleanReplyPath, withoutListMarkers } from '../../parse/paths';

/** The file a sentence makes or changes after another (`target`), and that other (`model`). */
export interface CopiedFile {
  readonly target: string;
  readonly model: string;
  /** The sentence copies the model ("Copy `a` to `b`"): the target may be a file it creates. */
  readonly copies: boolean;
}

/** A backticked name, captured. */
const NAME = '`([^`]+)`';
/** What a sentence may open with before its verb ("Then copy …", "Now make …"). */
const LEAD = '^(?:(?:and|then|now|next|finally|also|first),?\\s+)?';
/** The words that make a file the model of another: "identical to `b`", "a copy of `b`", "match `b`". */
const LIKENESS = '(?:identical\\s+to|equal\\s+to|(?:the\\s+)?same\\s+as|(?:an?\\s+)?(?:exact\\s+)?(?:copy|clone|duplicate|mirror)\\s+of|like|match(?:es)?|mirrors?|in\\s+(?:line|sync)\\s+with)';

/**
 * "Copy `config/prod.toml` to `config/staging.toml` and turn on debug:": the verb opens the
 * sentence, its object is the model, the file after "to", "into", "as" or "over" the target.
 */
const COPY = new RegExp(`${LEAD}(?:copy|duplicate|clone)\\s+(?:the\\s+)?(?:file\\s+)?${NAME}\\s+(?:to|into|as|over|onto)\\s+(?:(?:a|the)\\s+)?(?:new\\s+)?(?:file\\s+)?${NAME}`);

/**
 * "Make `config/dev.toml` identical to `config/prod.toml` except …:", "Update `a` to match `b`:",
 * "Change `a` so that it is the same as `b`:": the verb's object is the target, the file the
 * likeness names right after it the model.
 */
const MAKE_LIKE = new RegExp(`${LEAD}(?:make|update|change|edit|modify|adjust|rewrite|sync|bring|set)\\s+(?:the\\s+)?(?:file\\s+)?${NAME}\\s+(?:so\\s+(?:that\\s+)?it\\s+)?(?:to\\s+)?(?:be\\s+|is\\s+|becomes?\\s+)?${LIKENESS}\\s+(?:the\\s+)?(?:file\\s+)?${NAME}`);

/** A sentence as its words read: lower-cased, without list markers and bold. */
function wordsOf(sentence: string): string {
  return withoutListMarkers(sentence.trim()).replace(/\*\*/g, '').toLowerCase();
}

/**
 * The target and model of a sentence that opens by copying one named file to another, or by
 * making one like another (`COPY`, `MAKE_LIKE`), both among `mentions` (the files it names) and
 * different; undefined for any other sentence.
 */
export function copiedFileOf(sentence: string, mentions: readonly string[]): CopiedFile | undefined {
  const words = wordsOf(sentence);
  const named = (raw: string) => mentions.find((path) => path.toLowerCase() === cleanReplyPath(raw)?.toLowerCase());
  const copy = COPY.exec(words);
  const like = copy ? undefined : MAKE_LIKE.exec(words);
  const [model, target] = copy ? [named(copy[1]), named(copy[2])] : like ? [named(like[2]), named(like[1])] : [undefined, undefined];
  if (model === undefined || target === undefined || model === target) return undefined;
  return { target, model, copies: copy !== null };
}

/**
 * True when a sentence names `path` as the model another file follows or is compared with ("…
 * identical to `prod.toml`", "like in `config.py`", "based on `a.py`", "a copy of `b`", "than
 * `a.py`"), or as the file it copies ("Copy `a.py` to …"): a block under it that is plainly that
 * file whole is the other file's text, written after it, and written over it would change the
 * file the sentence only takes as the model.
 */
export function namesAsModel(sentence: string, path: string): boolean {
  const words = wordsOf(sentence);
  const compared = `(?:${LIKENESS}|like\\s+in|as\\s+in|similar\\s+to|based\\s+on|modell?ed\\s+(?:on|after)|patterned\\s+after|unlike|than|cop(?:y|ies|ied|ying)|duplicat(?:e|es|ed|ing)|clon(?:e|es|ed|ing))`;
  const pattern = new RegExp(`\\b${compared}\\s+(?:the\\s+|your\\s+)?(?:file\\s+)?${NAME}`, 'g');
  for (const match of words.matchAll(pattern)) {
    if (cleanReplyPath(match[1])?.toLowerCase() === path.toLowerCase()) return true;
  }
  return false;
}
