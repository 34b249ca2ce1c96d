/**
 * The engine's public entry: the only module outside `src/core` should import from.
 * parse → locate → re-anchor → plan → receipt, all pure: strings in, values out.
 */
export type * from './ir';
export type * from './receipt';
export { EditError, nextStepFor, type ErrorCode } from './errors';
export { parseReply, toReplyText, replyParsers } from './parse/registry';
export type { ReplyParser, ReplyText, ParsedBlock } from './parse/parser';
export { planReply, type PathRefusal, type PlanOptions, type PlanResult, type FileChange, type FileMode, type ReadFile } from './pipeline';
export { referencedPaths, runReply } from './pipeline';
export { editsExistingFile } from './place/targetFile';
export { resolvePath, endsWithPath, MAX_PATH_CANDIDATES, type ResolvedPath } from './paths';
export { splitFileText, looksBinary, type FileText } from './text/fileText';
export { crBreaksAsLf, hasOnlyCrBreaks } from './text/crLineBreaks';
export { receiptToMarkdown, failureReportForModel } from './report';
export { describeMatch, differenceWindow, lineRange, plural, quotedCandidateText, similarityPercent } from './report';
export { createStreamingParser, type StreamingParser, type StreamEvent, type BlockStartedEvent, type BlockCompletedEvent, type IncompleteEvent } from './parse/streaming';
