import * as assert from 'node:assert/strict';
import { replyOnFile as result, writtenByReply as written } from '../helpers';

/**
 * Probe p53/e: Continue's lazy-apply pattern (class-method-addition: a container's opening line,
 * `// ... existing code ...`, only new items, the closer) moved onto Zed's crates/git/src/blame.rs.
 * A new definition's name says it is new: it goes after the members the marker keeps, however much
 * it looks like the last of them (a counterpart, a wrapper calling it); it never takes the place of
 * a member of another name. Stage: elision merge (placing a segment by the opener it resembles),
 * and the check that refuses a kept definition written again under a new name (renamed or copied).
 */

/**
 * zed-industries/zed crates/git/src/blame.rs (the delete_run_git_blame eval fixture's before.rs,
 * c1abb1b5), its first 184 lines: the imports, `Blame` and `impl Blame` (only `for_path`),
 * `run_git_blame`, `BlameEntry` and `impl BlameEntry` down to its closer (the tests cut).
 */
const blame: readonly string[] = [
  'use crate::commit::get_messages;',
  'use crate::{GitRemote, Oid};',
  'use anyhow::{Context as _, Result, anyhow};',
  'use collections::{HashMap, HashSet};',
  'use futures::AsyncWriteExt;',
  'use gpui::SharedString;',
  'use serde::{Deserialize, Serialize};',
  'use std::process::Stdio;',
  'use std::{ops::Range, path::Path};',
  'use text::Rope;',
  'use time::OffsetDateTime;',
  'use time::UtcOffset;',
  'use time::macros::format_description;',
  '',
  'pub use git2 as libgit;',
  '',
  '#[derive(Debug, Clone, Default)]',
  'pub struct Blame {',
  '    pub entries: Vec<BlameEntry>,',
  '    pub messages: HashMap<Oid, String>,',
  '    pub remote_url: Option<String>,',
  '}',
  '',
  '#[derive(Clone, Debug, Default)]',
  'pub struct ParsedCommitMessage {',
  '    pub message: SharedString,',
  '    pub permalink: Option<url::Url>,',
  '    pub pull_request: Option<crate::hosting_provider::PullRequest>,',
  '    pub remote: Option<GitRemote>,',
  '}',
  '',
  'impl Blame {',
  '    pub async fn for_path(',
  '        git_binary: &Path,',
  '        working_directory: &Path,',
  '        path: &Path,',
  '        content: &Rope,',
  '        remote_url: Option<String>,',
  '    ) -> Result<Self> {',
  '        let output = run_git_blame(git_binary, working_directory, path, content).await?;',
  '        let mut entries = parse_git_blame(&output)?;',
  '        entries.sort_unstable_by(|a, b| a.range.start.cmp(&b.range.start));',
  '',
  '        let mut unique_shas = HashSet::default();',
  '',
  '        for entry in entries.iter_mut() {',
  '            unique_shas.insert(entry.sha);',
  '        }',
  '',
  '        let shas = unique_shas.into_iter().collect::<Vec<_>>();',
  '        let messages = get_messages(working_directory, &shas)',
  '            .await',
  '            .context("failed to get commit messages")?;',
  '',
  '        Ok(Self {',
  '            entries,',
  '            messages,',
  '            remote_url,',
  '        })',
  '    }',
  '}',
  '',
  'const GIT_BLAME_NO_COMMIT_ERROR: &str = "fatal: no such ref: HEAD";',
  'const GIT_BLAME_NO_PATH: &str = "fatal: no such path";',
  '',
  'async fn run_git_blame(',
  '    git_binary: &Path,',
  '    working_directory: &Path,',
  '    path: &Path,',
  '    contents: &Rope,',
  ') -> Result<String> {',
  '    let mut child = util::command::new_smol_command(git_binary)',
  '        .current_dir(working_directory)',
  '        .arg("blame")',
  '        .arg("--incremental")',
  '        .arg("--contents")',
  '        .arg("-")',
  '        .arg(path.as_os_str())',
  '        .stdin(Stdio::piped())',
  '        .stdout(Stdio::piped())',
  '        .stderr(Stdio::piped())',
  '        .spawn()',
  '        .context("starting git blame process")?;',
  '',
  '    let stdin = child',
  '        .stdin',
  '        .as_mut()',
  '        .context("failed to get pipe to stdin of git blame command")?;',
  '',
  '    for chunk in contents.chunks() {',
  '        stdin.write_all(chunk.as_bytes()).await?;',
  '    }',
  '    stdin.flush().await?;',
  '',
  '    let output = child.output().await.context("reading git blame output")?;',
  '',
  '    if !output.status.success() {',
  '        let stderr = String::from_utf8_lossy(&output.stderr);',
  '        let trimmed = stderr.trim();',
  '        if trimmed == GIT_BLAME_NO_COMMIT_ERROR || trimmed.contains(GIT_BLAME_NO_PATH) {',
  '            return Ok(String::new());',
  '        }',
  '        anyhow::bail!("git blame process failed: {stderr}");',
  '    }',
  '',
  '    Ok(String::from_utf8(output.stdout)?)',
  '}',
  '',
  '#[derive(Serialize, Deserialize, Default, Debug, Clone, PartialEq, Eq)]',
  'pub struct BlameEntry {',
  '    pub sha: Oid,',
  '',
  '    pub range: Range<u32>,',
  '',
  '    pub original_line_number: u32,',
  '',
  '    pub author: Option<String>,',
  '    pub author_mail: Option<String>,',
  '    pub author_time: Option<i64>,',
  '    pub author_tz: Option<String>,',
  '',
  '    pub committer_name: Option<String>,',
  '    pub committer_email: Option<String>,',
  '    pub committer_time: Option<i64>,',
  '    pub committer_tz: Option<String>,',
  '',
  '    pub summary: Option<String>,',
  '',
  '    pub previous: Option<String>,',
  '    pub filename: String,',
  '}',
  '',
  'impl BlameEntry {',
  '    // Returns a BlameEntry by parsing the first line of a `git blame --incremental`',
  '    // entry. The line MUST have this format:',
  '    //',
  '    //     <40-byte-hex-sha1> <sourceline> <resultline> <num-lines>',
  '    fn new_from_blame_line(line: &str) -> Result<BlameEntry> {',
  '        let mut parts = line.split_whitespace();',
  '',
  '        let sha = parts',
  '            .next()',
  '            .and_then(|line| line.parse::<Oid>().ok())',
  '            .with_context(|| format!("parsing sha from {line}"))?;',
  '',
  '        let original_line_number = parts',
  '            .next()',
  '            .and_then(|line| line.parse::<u32>().ok())',
  '            .with_context(|| format!("parsing original line number from {line}"))?;',
  '        let final_line_number = parts',
  '            .next()',
  '            .and_then(|line| line.parse::<u32>().ok())',
  '            .with_context(|| format!("parsing final line number from {line}"))?;',
  '',
  '        let line_count = parts',
  '            .next()',
  '            .and_then(|line| line.parse::<u32>().ok())',
  '            .with_context(|| format!("parsing line count from {line}"))?;',
  '',
  '        let start_line = final_line_number.saturating_sub(1);',
  '        let end_line = start_line + line_count;',
  '        let range = start_line..end_line;',
  '',
  '        Ok(Self {',
  '            sha,',
  '            range,',
  '            original_line_number,',
  '            ..Default::default()',
  '        })',
  '    }',
  '',
  '    pub fn author_offset_date_time(&self) -> Result<time::OffsetDateTime> {',
  '        if let (Some(author_time), Some(author_tz)) = (self.author_time, &self.author_tz) {',
  '            let format = format_description!("[offset_hour][offset_minute]");',
  '            let offset = UtcOffset::parse(author_tz, &format)?;',
  '            let date_time_utc = OffsetDateTime::from_unix_timestamp(author_time)?;',
  '',
  '            Ok(date_time_utc.to_offset(offset))',
  '        } else {',
  '            // Directly return current time in UTC if there\'s no committer time or timezone',
  '            Ok(time::OffsetDateTime::now_utc())',
  '        }',
  '    }',
  '}',
];
const file = `${blame.join('\n')}\n`;
const path = 'crates/git/src/blame.rs';

/** The file with `added` written after its 0-based line `after`. */
const withAfter = (after: number, added: readonly string[]) => `${[...blame.slice(0, after + 1), ...added, ...blame.slice(after + 1)].join('\n')}\n`;
/** A reply: a sentence, then a Rust fence naming the file on its first line and holding `lines`. */
const reply = (sentence: string, lines: readonly string[]) => [sentence, '', '```rust', `// ${path}`, ...lines, '```', ''].join('\n');
/** 0-based lines of the file: `for_path`'s closer (the last of `impl Blame`), `author_offset_date_time`'s (the last of `impl BlameEntry`). */
const [forPathEnd, authorEnd] = [59, 182];

describe('pasted replies: a new method after a marker at the top of its impl goes after the last member, never in its place (p53/e 13, 17)', () => {
  // The committer counterpart of author_offset_date_time, re-wrapped as rustfmt would.
  const committer = [
    '    pub fn committer_offset_date_time(&self) -> Result<time::OffsetDateTime> {',
    '        if let (Some(committer_time), Some(committer_tz)) =',
    '            (self.committer_time, &self.committer_tz)',
    '        {',
    '            let format = format_description!("[offset_hour][offset_minute]");',
    '            let offset = UtcOffset::parse(committer_tz, &format)?;',
    '            let date_time_utc = OffsetDateTime::from_unix_timestamp(committer_time)?;',
    '',
    '            Ok(date_time_utc.to_offset(offset))',
    '        } else {',
    '            Ok(time::OffsetDateTime::now_utc())',
    '        }',
    '    }',
  ];

  it('adds the committer counterpart after author_offset_date_time, which stays (13)', () => {
    // Was: author_offset_date_time rewritten into committer_offset_date_time (placed on the
    // opener it resembles, `pub fn author_offset_date_time(…) {`), the author method gone.
    const text = reply('Add the committer counterpart of `author_offset_date_time`:', ['impl BlameEntry {', '    // ... existing code ...', '', ...committer, '}']);
    assert.equal(written(path, file, text), withAfter(authorEnd, ['', ...committer]));
  });

  it('adds a helper that calls the only method after it, which stays (17)', () => {
    // Was: for_path deleted and the helper written in its place, calling a function no longer there.
    const helper = [
      '    pub async fn for_path_with_messages(',
      '        git_binary: &Path,',
      '        working_directory: &Path,',
      '        path: &Path,',
      '        content: &Rope,',
      '        remote_url: Option<String>,',
      '    ) -> Result<(Self, Vec<Oid>)> {',
      '        let blame = Self::for_path(git_binary, working_directory, path, content, remote_url).await?;',
      '        let shas = blame.messages.keys().copied().collect::<Vec<_>>();',
      '',
      '        Ok((blame, shas))',
      '    }',
    ];
    const text = reply('Add a helper that also returns the SHAs it found messages for:', ['impl Blame {', '    // ... existing code ...', '', ...helper, '}']);
    assert.equal(written(path, file, text), withAfter(forPathEnd, ['', ...helper]));
  });

  it('adds the counterpart written in the old one\'s own layout, its comment and all, after it', () => {
    // Was: the same rewrite of author_offset_date_time as in 13.
    const sameLayout = [
      '    pub fn committer_offset_date_time(&self) -> Result<time::OffsetDateTime> {',
      '        if let (Some(committer_time), Some(committer_tz)) = (self.committer_time, &self.committer_tz) {',
      '            let format = format_description!("[offset_hour][offset_minute]");',
      '            let offset = UtcOffset::parse(committer_tz, &format)?;',
      '            let date_time_utc = OffsetDateTime::from_unix_timestamp(committer_time)?;',
      '',
      '            Ok(date_time_utc.to_offset(offset))',
      '        } else {',
      '            // Directly return current time in UTC if there\'s no committer time or timezone',
      '            Ok(time::OffsetDateTime::now_utc())',
      '        }',
      '    }',
    ];
    const text = reply('Add `committer_offset_date_time`:', ['impl BlameEntry {', '    // ... existing code ...', '', ...sameLayout, '}']);
    assert.equal(written(path, file, text), withAfter(authorEnd, ['', ...sameLayout]));
  });

  it('still adds the counterpart after the old method\'s head shown with its body elided (15, the control)', () => {
    const text = reply('Add the committer counterpart:', [
      'impl BlameEntry {', '    // ... existing code ...', '',
      '    pub fn author_offset_date_time(&self) -> Result<time::OffsetDateTime> {', '        // ... existing code ...', '    }', '',
      ...committer, '}',
    ]);
    assert.equal(written(path, file, text), withAfter(authorEnd, ['', ...committer]));
  });

  it('still rewrites author_offset_date_time re-printed under its own name with its return type changed', () => {
    const rewritten = [
      '    pub fn author_offset_date_time(&self) -> anyhow::Result<OffsetDateTime> {',
      '        if let (Some(author_time), Some(author_tz)) =',
      '            (self.author_time, &self.author_tz)',
      '        {',
      '            let format = format_description!("[offset_hour][offset_minute]");',
      '            let offset = UtcOffset::parse(author_tz, &format)?;',
      '            let date_time_utc = OffsetDateTime::from_unix_timestamp(author_time)?;',
      '',
      '            Ok(date_time_utc.to_offset(offset))',
      '        } else {',
      '            Ok(OffsetDateTime::now_utc())',
      '        }',
      '    }',
    ];
    const text = reply('Return anyhow\'s Result:', ['impl BlameEntry {', '    // ... existing code ...', '', ...rewritten, '}']);
    const authorStart = blame.indexOf('    pub fn author_offset_date_time(&self) -> Result<time::OffsetDateTime> {');
    assert.equal(written(path, file, text), `${[...blame.slice(0, authorStart), ...rewritten, ...blame.slice(authorEnd + 1)].join('\n')}\n`);
  });

  /** author_offset_date_time's body under the name author_date_time, as the file has it or re-wrapped without its comment. */
  const renamed = (wrapped: boolean) => [
    '    pub fn author_date_time(&self) -> Result<time::OffsetDateTime> {',
    ...(wrapped
      ? ['        if let (Some(author_time), Some(author_tz)) =', '            (self.author_time, &self.author_tz)', '        {']
      : ['        if let (Some(author_time), Some(author_tz)) = (self.author_time, &self.author_tz) {']),
    '            let format = format_description!("[offset_hour][offset_minute]");',
    '            let offset = UtcOffset::parse(author_tz, &format)?;',
    '            let date_time_utc = OffsetDateTime::from_unix_timestamp(author_time)?;',
    '',
    '            Ok(date_time_utc.to_offset(offset))',
    '        } else {',
    ...(wrapped ? [] : ['            // Directly return current time in UTC if there\'s no committer time or timezone']),
    '            Ok(time::OffsetDateTime::now_utc())',
    '        }',
    '    }',
  ];

  for (const wrapped of [false, true]) {
    it(`refuses author_offset_date_time's body given again under a new name${wrapped ? ', re-wrapped and without its comment' : ''}: renamed or copied is a guess`, () => {
      // Was: read as new after the fix of 13, a rename the sentence asks for kept the old method
      // and wrote a duplicate; before it, the old method was renamed (right here, but the same
      // placement as 13's wrong write).
      const planned = result(path, file, reply('Rename `author_offset_date_time` to `author_date_time`:', ['impl BlameEntry {', '    // ... existing code ...', '', ...renamed(wrapped), '}']));
      assert.equal(planned.receipt.ok, false);
      assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
      assert.match(planned.receipt.errors[0]?.message ?? '', /it is author_offset_date_time \(line 172\), which an elision keeps, under another name/);
    });
  }
});
