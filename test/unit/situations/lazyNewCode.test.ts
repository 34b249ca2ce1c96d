import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { replyOnFile as result, writtenByReply as written, onTarget, writtenOnTarget } from '../helpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: elision merge, new lines with little of the
 * file around them. Here a snippet adds code between or beside markers with nothing, or nothing
 * unique, to anchor on: functions, Go methods and a Go `init` between two markers, code with a
 * marker on one side only, Java imports and static imports alone between markers, lines only a
 * file's top may hold ("use client", __future__ imports, shebangs), and annotations (@Deprecated,
 * #[cfg], @PreAuthorize, #[rtype]) the file already has elsewhere.
 */

describe('pasted replies: new functions between two markers with nothing of the file among them (p49/b 28, Cursor\'s circuit board)', () => {
  // CircuitBoard.tsx of the transcript, cut to the state, two handlers and the start of the JSX.
  const board = [
    'export default function CircuitBoard({ initialCircuit, onCircuitChange }: CircuitBoardProps) {',
    '  const [circuit, setCircuit] = useState<Circuit>(initialCircuit || { components: [], wires: [] });',
    '  const gridSize = 20;',
    '  ',
    '  // Update parent component when circuit changes',
    '  useEffect(() => {',
    '    onCircuitChange?.(circuit);',
    '  }, [circuit, onCircuitChange]);',
    '  ',
    '  // Handle wire selection',
    '  const handleWireClick = (id: string) => {',
    '    setSelectedWireId(id);',
    '  };',
    '  ',
    '  return (',
    '    <div className="flex flex-col gap-4">',
    '      <button onClick={() => alert(\'Simulation feature will be implemented in the future\')}>Run Simulation</button>',
    '    </div>',
    '  );',
    '}',
    '',
  ].join('\n');
  const functions = ['', '  // Run the circuit simulation', '  const runSimulation = () => {', '    const result = simulateCircuit(circuit);', '    setSimulationResult(result);', '  };', '  ', '  // Toggle a probe selection', '  const toggleProbe = (probeId: string) => {', '    setSelectedProbes(prev => [...prev, probeId]);', '  };', '  '];
  const reply = (middle: readonly string[]) => [
    'Now, let\'s update the CircuitBoard component to integrate the simulation and oscilloscope:', '', '```typescriptreact',
    'export default function CircuitBoard({ initialCircuit, onCircuitChange }: CircuitBoardProps) {',
    '  const [circuit, setCircuit] = useState<Circuit>(initialCircuit || { components: [], wires: [] });',
    '  const gridSize = 20;',
    '  const [simulationResult, setSimulationResult] = useState<SimulationResult | null>(null);',
    '', '  // ... existing code ...', ...middle, '  // ... existing code ...', '',
    '  return (',
    '    <div className="flex flex-col gap-4">',
    '      <button onClick={runSimulation}>Run Simulation</button>',
    '    </div>',
    '  );',
    '}',
    '```', '',
  ].join('\n');
  const apply = (file: string, text: string) => runReply(text, (p) => (p === 'CircuitBoard.tsx' ? file : undefined), { hintPath: 'CircuitBoard.tsx' });

  it('writes them right above the part shown after them, every place between the two parts giving the same program', () => {
    // Refused: "the lines around "// Run the circuit simulation" have no line that occurs exactly once in the file".
    const planned = apply(board, reply(functions));
    const expected = board
      .replace('  const gridSize = 20;\n', '  const gridSize = 20;\n  const [simulationResult, setSimulationResult] = useState<SimulationResult | null>(null);\n')
      // The reply's blank line above `return (` is the file's own there.
      .replace('    setSelectedWireId(id);\n  };\n', '    setSelectedWireId(id);\n  };\n' + functions.slice(0, -1).join('\n') + '\n')
      .replace('() => alert(\'Simulation feature will be implemented in the future\')', 'runSimulation');
    assert.equal(planned.changes[0]?.newText?.replace(/^ +$/gm, ''), expected.replace(/^ +$/gm, ''), JSON.stringify(planned.receipt.errors));
  });

  it('still refuses where the place matters: a statement among them, or a function the lines left out already name', () => {
    const statement = [...functions.slice(0, 6), '  const total = circuit.components.length;', ...functions.slice(6)];
    assert.equal(apply(board, reply(statement)).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    // The dependency list runs when the component renders: above `runSimulation`'s `const`, it throws.
    const named = board.replace('  }, [circuit, onCircuitChange]);', '  }, [circuit, onCircuitChange, runSimulation]);');
    assert.equal(apply(named, reply(functions)).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

describe('pasted replies: new code with a marker on one side only (p50/b 18, 03, 15)', () => {
  // physics.ts of the chat export, cut to its last function.
  const physics = [
    '/**',
    ' * Расчёт угла наклона стропил (в радианах)',
    ' * @param width ширина основания (м)',
    ' */',
    'export function calcRafterAngle(width: number, height: number): number {',
    '  return Math.atan(height / (width / 2));',
    '}',
    '',
  ].join('\n');
  const appended = [
    '',
    '/**',
    ' * Генерация основания (2 продольные + 2 поперечные балки)',
    ' */',
    'export function generateBase(width: number, length: number) {',
    '  return [',
    '    { position: [0, 0.025, -length / 2], size: [width, 0.05, 0.1] },',
    '  ];',
    '}',
    '',
    '/**',
    ' * Генерация конька (одна доска по вершине)',
    ' */',
    'export function generateRidge(length: number, height: number) {',
    '  return [{ position: [0, height, 0], size: [0.1, 0.1, length] }];',
    '}',
    '',
    '// Обшивка — опционально, можно добавить позже',
    '',
  ];

  it('appends new functions under a doc comment after a leading marker at the file\'s end', () => {
    // Refused: "the lines around "/**" have no line that occurs exactly once in the file".
    const reply = ['```typescript', '// ... existing code ...', ...appended, '```', ''].join('\n');
    assert.equal(writtenOnTarget('physics.ts', physics, reply), physics + appended.join('\n'));
  });

  // backend/app/main.py of the chat export, cut to its imports and first statements.
  const main = [
    'from fastapi import FastAPI, Query',
    'from fastapi.middleware.cors import CORSMiddleware',
    'from pydantic import BaseModel',
    '',
    'app = FastAPI()',
    '',
    'class CalculateResponse(BaseModel):',
    '    boards_count: int',
    '',
  ].join('\n');
  const materials = ['MATERIALS = {', '    "board": {"length": 6, "price": 450},', '    "screw": {"price": 0.5}', '}', ''];
  const reply = ['```python', ...materials, '# ... existing code ...', '```', ''].join('\n');

  it('writes new code with a marker after it and none before under the file\'s imports', () => {
    // Refused: "the lines around "MATERIALS = {" have no line that occurs exactly once in the file".
    assert.equal(writtenOnTarget('main.py', main, reply), main.replace('\napp = FastAPI()', `\n${materials.join('\n')}\napp = FastAPI()`));
    const crlf = main.replace(/\n/g, '\r\n');
    assert.equal(writtenOnTarget('main.py', crlf, reply), crlf.replace('\r\napp = FastAPI()', `\r\n${materials.join('\r\n')}\r\napp = FastAPI()`));
  });

  it('still refuses it where the file\'s top has no imports to go under, or the new code is an import', () => {
    const noImports = main.split('\n').slice(4).join('\n');
    assert.equal(onTarget('main.py', noImports, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    const anImport = ['```python', 'import os', '', 'MATERIALS = {}', '', '# ... existing code ...', '```', ''].join('\n');
    assert.equal(onTarget('main.py', main, anImport).changes.length, 0);
    // A list of names left open at the header's end: no place between its lines.
    const open = 'import {\n  a,\n  b,\n} from "./x";\n\nexport const c = 1;\n';
    assert.equal(onTarget('m.ts', open, '```ts\nexport const MATERIALS = {};\n\n// ... existing code ...\n```\n').changes.length, 0);
  });
});

describe('pasted replies: lines only a file\'s top may hold, then a marker for the rest (p51/a 01, 02, 03)', () => {
  // The probe's files: a Next.js page that uses useState (01), httpie's config.py (02), a
  // pipeline's main.py (03). Each snippet gives one such line and a marker. Put under the
  // imports as other new code is, "use client" was a bare expression (the page stayed a Server
  // Component); a __future__ import there is a SyntaxError, a shebang a comment.
  const page = 'import { useState } from "react";\nimport BarcodeScannerComponent from "@/components/BarcodeScanner";\n\nexport default function Scanner() {\n  const [code, setCode] = useState("");\n  return <BarcodeScannerComponent onUpdate={setCode} />;\n}\n';
  const config = 'import errno\nimport json\nfrom pathlib import Path\n\n\nclass Config:\n    path: Path | str\n';
  const main = 'import os\n\nfrom pipeline.load_images import LoadImages\n\n\ndef main():\n    LoadImages(os.getcwd())\n';
  const snippet = (path: string, lang: string, lines: readonly string[], marker: string) => [`Add it at the very top of \`${path}\`:`, '', `\`\`\`${lang}`, ...lines, marker, '```', ''].join('\n');

  it('writes "use client", a __future__ import and a shebang at the very top', () => {
    assert.equal(written('app/scanner/page.tsx', page, snippet('app/scanner/page.tsx', 'tsx', ['"use client";', ''], '// ... existing code ...')), `"use client";\n\n${page}`);
    assert.equal(written('httpie/config.py', config, snippet('httpie/config.py', 'python', ['from __future__ import annotations', ''], '# ... existing code ...')), `from __future__ import annotations\n\n${config}`);
    assert.equal(written('main.py', main, snippet('main.py', 'python', ['#!/usr/bin/env python3'], '# ... existing code ...')), `#!/usr/bin/env python3\n${main}`);
  });

  it('writes a __future__ import below the module docstring and a directive below a shebang', () => {
    const documented = `"""Settings."""\n${config}`;
    assert.equal(written('httpie/config.py', documented, snippet('httpie/config.py', 'python', ['from __future__ import annotations'], '# ... existing code ...')), `"""Settings."""\nfrom __future__ import annotations\n${config}`);
    const script = `#!/usr/bin/env node\n${page}`;
    assert.equal(written('app/scanner/page.tsx', script, snippet('app/scanner/page.tsx', 'tsx', ['"use strict";'], '// ... existing code ...')), `#!/usr/bin/env node\n"use strict";\n${page}`);
  });
});

describe('pasted replies: a new annotation on a method, the same annotation standing once higher up on another (p51/d 43, 42, 40, 44, 41, 48)', () => {
  // Spring's StringUtils (5.3 bodies), trimmed to the deprecated isEmpty() and the methods down to
  // trimLeadingWhitespace: Spring 6 put `@Deprecated` on trimWhitespace and rewrote its body as
  // `return str.strip();`. The snippet's new `@Deprecated` was taken for isEmpty()'s, the file's
  // only one, and every method between was deleted.
  const path = 'src/StringUtils.java';
  const stringUtils = [
    'public abstract class StringUtils {',
    '',
    '	/**',
    '	 * Check whether the given object (possibly a {@code String}) is empty.',
    '	 * @since 3.2.1',
    '	 * @deprecated as of 5.3, in favor of {@link #hasLength(String)} and',
    '	 * {@link #hasText(String)} (or {@link ObjectUtils#isEmpty(Object)})',
    '	 */',
    '	@Deprecated',
    '	public static boolean isEmpty(@Nullable Object str) {',
    '		return (str == null || "".equals(str));',
    '	}',
    '',
    '	/**',
    '	 * Check that the given {@code String} is neither {@code null} nor of length 0.',
    '	 * <p>Note: this method returns {@code true} for a {@code String} that',
    '	 * purely consists of whitespace.',
    '	 * @param str the {@code String} to check (may be {@code null})',
    '	 * @return {@code true} if the {@code String} is not {@code null} and has length',
    '	 * @see #hasLength(CharSequence)',
    '	 * @see #hasText(String)',
    '	 */',
    '	public static boolean hasLength(@Nullable String str) {',
    '		return (str != null && !str.isEmpty());',
    '	}',
    '',
    '	/**',
    '	 * Check whether the given {@code CharSequence} contains any whitespace characters.',
    '	 * @param str the {@code CharSequence} to check (may be {@code null})',
    '	 * @return {@code true} if the {@code CharSequence} is not empty and',
    '	 * contains at least 1 whitespace character',
    '	 * @see Character#isWhitespace',
    '	 */',
    '	public static boolean containsWhitespace(@Nullable CharSequence str) {',
    '		if (!hasLength(str)) {',
    '			return false;',
    '		}',
    '',
    '		int strLen = str.length();',
    '		for (int i = 0; i < strLen; i++) {',
    '			if (Character.isWhitespace(str.charAt(i))) {',
    '				return true;',
    '			}',
    '		}',
    '		return false;',
    '	}',
    '',
    '	/**',
    '	 * Trim leading and trailing whitespace from the given {@code String}.',
    '	 * @param str the {@code String} to check',
    '	 * @return the trimmed {@code String}',
    '	 * @see java.lang.Character#isWhitespace',
    '	 */',
    '	public static String trimWhitespace(String str) {',
    '		if (!hasLength(str)) {',
    '			return str;',
    '		}',
    '',
    '		int beginIndex = 0;',
    '		int endIndex = str.length() - 1;',
    '',
    '		while (beginIndex <= endIndex && Character.isWhitespace(str.charAt(beginIndex))) {',
    '			beginIndex++;',
    '		}',
    '',
    '		while (endIndex > beginIndex && Character.isWhitespace(str.charAt(endIndex))) {',
    '			endIndex--;',
    '		}',
    '',
    '		return str.substring(beginIndex, endIndex + 1);',
    '	}',
    '',
    '	/**',
    '	 * Trim leading whitespace from the given {@code String}.',
    '	 * @param str the {@code String} to check',
    '	 * @return the trimmed {@code String}',
    '	 * @see java.lang.Character#isWhitespace',
    '	 */',
    '	public static String trimLeadingWhitespace(String str) {',
    '		if (!hasLength(str)) {',
    '			return str;',
    '		}',
    '',
    '		int beginIdx = 0;',
    '		while (beginIdx < str.length() && Character.isWhitespace(str.charAt(beginIdx))) {',
    '			beginIdx++;',
    '		}',
    '		return str.substring(beginIdx);',
    '	}',
    '',
    '}',
  ].join('\n') + '\n';
  const deprecated = (name: string, body: string) => ['\t@Deprecated', `\tpublic static String ${name}(String str) {`, '\t\tif (!hasLength(str)) {', '\t\t\treturn str;', '\t\t}', '', `\t\treturn str.${body}();`, '\t}'];
  const snippet = (lines: readonly string[]) => ['```java', `// ${path}`, '\t// ... existing code ...', '', ...lines, '', '\t// ... existing code ...', '```', ''].join('\n');
  const oldTrimBody = stringUtils.slice(stringUtils.indexOf('\t\tint beginIndex = 0;'), stringUtils.indexOf('\t\treturn str.substring(beginIndex, endIndex + 1);\n') + '\t\treturn str.substring(beginIndex, endIndex + 1);\n'.length);
  const trimmed = stringUtils
    .replace('\t */\n\tpublic static String trimWhitespace(', '\t */\n\t@Deprecated\n\tpublic static String trimWhitespace(')
    .replace(oldTrimBody, '\t\treturn str.strip();\n');

  it('puts the new @Deprecated between the method\'s javadoc and its signature (was: isEmpty to trimWhitespace deleted, exit 0)', () => {
    assert.equal(written(path, stringUtils, snippet(deprecated('trimWhitespace', 'strip'))), trimmed);
    const leading = stringUtils.slice(stringUtils.indexOf('\t\tint beginIdx = 0;'), stringUtils.indexOf('\t\treturn str.substring(beginIdx);\n') + '\t\treturn str.substring(beginIdx);\n'.length);
    const expected = stringUtils.replace('\t */\n\tpublic static String trimLeadingWhitespace(', '\t */\n\t@Deprecated\n\tpublic static String trimLeadingWhitespace(').replace(leading, '\t\treturn str.stripLeading();\n');
    assert.equal(written(path, stringUtils, snippet(deprecated('trimLeadingWhitespace', 'stripLeading'))), expected);
  });

  it('applies the method re-printed whole with its new @Deprecated, no markers (was: refused as deleting the methods between)', () => {
    const reply = ['In `src/StringUtils.java`, deprecate `trimWhitespace`:', '', '```java', ...deprecated('trimWhitespace', 'strip'), '```', ''].join('\n');
    assert.equal(written(path, stringUtils, reply), trimmed);
  });

  it('refuses a marker right after the new return, which would keep the old loop under it (was: the methods deleted, the loop kept)', () => {
    const lines = deprecated('trimWhitespace', 'strip');
    const reply = ['```java', `// ${path}`, ...lines.slice(0, -1), '\t\t// ... existing code ...', '\t}', '```', ''].join('\n');
    const planned = result(path, stringUtils, reply);
    assert.equal(planned.changes.length, 0);
    assert.match(planned.receipt.errors[0]?.message ?? '', /"return str\.strip\(\);" right before an elision, which keeps the file's "int beginIndex = 0;" .* where it would never run/);
  });

  it('still takes the file\'s own @Deprecated when the snippet shows the method it sits on', () => {
    const lines = ['\t@Deprecated', '\tpublic static boolean isEmpty(@Nullable Object str) {', '\t\treturn (str == null || str.toString().isEmpty());', '\t}'];
    const expected = stringUtils.replace('\t\treturn (str == null || "".equals(str));', '\t\treturn (str == null || str.toString().isEmpty());');
    assert.equal(written(path, stringUtils, snippet(lines)), expected);
  });

  // tokio's bounded.rs, trimmed to blocking_send (`#[cfg(feature = "sync")]`, the Sender's only
  // one here), is_closed and try_reserve, each with its doc comment.
  const rsPath = 'src/bounded.rs';
  const bounded = [
    'impl<T> Sender<T> {',
    '    /// Blocking send to call outside of asynchronous contexts.',
    '    ///',
    '    /// # Panics',
    '    ///',
    '    /// This function panics if called within an asynchronous execution',
    '    /// context.',
    '    #[cfg(feature = "sync")]',
    '    pub fn blocking_send(&self, value: T) -> Result<(), SendError<T>> {',
    '        crate::future::block_on(self.send(value))',
    '    }',
    '',
    '    /// Checks if the channel has been closed. This happens when the',
    '    /// [`Receiver`] is dropped, or when the [`Receiver::close`] method is',
    '    /// called.',
    '    ///',
    '    /// [`Receiver`]: crate::sync::mpsc::Receiver',
    '    /// [`Receiver::close`]: crate::sync::mpsc::Receiver::close',
    '    ///',
    '    /// ```',
    '    /// let (tx, rx) = tokio::sync::mpsc::channel::<()>(42);',
    '    /// assert!(!tx.is_closed());',
    '    ///',
    '    /// let tx2 = tx.clone();',
    '    /// assert!(!tx2.is_closed());',
    '    ///',
    '    /// drop(rx);',
    '    /// assert!(tx.is_closed());',
    '    /// assert!(tx2.is_closed());',
    '    /// ```',
    '    pub fn is_closed(&self) -> bool {',
    '        self.chan.is_closed()',
    '    }',
    '',
    '    /// Tries to acquire a slot in the channel without waiting for the slot to become',
    '    /// available.',
    '    ///',
    '    /// # Examples',
    '    ///',
    '    /// ```',
    '    /// use tokio::sync::mpsc;',
    '    ///',
    '    /// #[tokio::main]',
    '    /// async fn main() {',
    '    ///     let (tx, mut rx) = mpsc::channel(1);',
    '    ///',
    '    ///     // Reserve capacity',
    '    ///     let permit = tx.try_reserve().unwrap();',
    '    ///',
    '    ///     // Trying to send directly on the `tx` will fail due to no',
    '    ///     // available capacity.',
    '    ///     assert!(tx.try_send(123).is_err());',
    '    ///',
    '    ///     // Trying to reserve an additional slot on the `tx` will',
    '    ///     // fail because there is no capacity.',
    '    ///     assert!(tx.try_reserve().is_err());',
    '    ///',
    '    ///     // Sending on the permit succeeds',
    '    ///     permit.send(456);',
    '    ///',
    '    ///     // The value sent on the permit is received',
    '    ///     assert_eq!(rx.recv().await.unwrap(), 456);',
    '    ///',
    '    /// }',
    '    /// ```',
    '    pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {',
    '        match self.chan.semaphore().0.try_acquire(1) {',
    '            Ok(_) => {}',
    '            Err(_) => return Err(TrySendError::Full(())),',
    '        }',
    '',
    '        Ok(Permit { chan: &self.chan })',
    '    }',
    '',
    '}',
  ].join('\n') + '\n';
  const rsSnippet = (lines: readonly string[]) => ['```rust', `// ${rsPath}`, '    // ... existing code ...', '', ...lines, '', '    // ... existing code ...', '```', ''].join('\n');

  it('puts a new #[cfg] on the fn the snippet shows, under its doc comment, not on blocking_send\'s (was: the fns between deleted)', () => {
    const isClosed = ['    #[cfg(feature = "sync")]', '    pub fn is_closed(&self) -> bool {', '        self.chan.is_closed()', '    }'];
    assert.equal(written(rsPath, bounded, rsSnippet(isClosed)), bounded.replace('    /// ```\n    pub fn is_closed(', '    /// ```\n    #[cfg(feature = "sync")]\n    pub fn is_closed('));
    const tryReserve = [
      '    #[cfg(feature = "sync")]',
      '    pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {',
      '        match self.chan.semaphore().0.try_acquire(1) {',
      '            Ok(_) => {}',
      '            Err(TryAcquireError::Closed) => return Err(TrySendError::Closed(())),',
      '            Err(TryAcquireError::NoPermits) => return Err(TrySendError::Full(())),',
      '        }',
      '',
      '        Ok(Permit { chan: &self.chan })',
      '    }',
    ];
    const expected = bounded
      .replace('    /// ```\n    pub fn try_reserve(', '    /// ```\n    #[cfg(feature = "sync")]\n    pub fn try_reserve(')
      .replace('            Err(_) => return Err(TrySendError::Full(())),', '            Err(TryAcquireError::Closed) => return Err(TrySendError::Closed(())),\n            Err(TryAcquireError::NoPermits) => return Err(TrySendError::Full(())),');
    assert.equal(written(rsPath, bounded, rsSnippet(tryReserve)), expected);
  });
});

describe('pasted replies: an annotation given new arguments right above the method or struct the snippet shows, under a marker (p52/a 03, 08)', () => {
  // nagarsetu's ComplaintController.java, trimmed to three handlers: getComplaint already carries
  // the `@PreAuthorize` the reply gives getMyComplaints, in place of its `hasRole('USER')`.
  const path = 'src/main/java/com/subho/nagarsetu/controller/ComplaintController.java';
  const controller = [
    '@RestController',
    '@RequestMapping("/complaints")',
    'public class ComplaintController {',
    '',
    '    @Autowired',
    '    private ComplaintService complaintService;',
    '    //  Admin-only: Get all complaints',
    '    @GetMapping',
    '    @PreAuthorize("hasRole(\'ADMIN\')")',
    '    public List<Complaint> getAllComplaints() {',
    '        return complaintService.getAllComplaints();',
    '    }',
    '',
    '    //  User: View own complaints',
    '    @GetMapping("/my")',
    '    @PreAuthorize("hasRole(\'USER\')")',
    '    public List<Complaint> getMyComplaints(Authentication auth) {',
    '        return complaintService.getComplaintsByUserEmail(auth.getName());',
    '    }',
    '',
    '    //  Admin or owner: View one complaint',
    '    @GetMapping("/{id}")',
    '    @PreAuthorize("hasAnyRole(\'USER\', \'ADMIN\')")',
    '    public ResponseEntity<?> getComplaint(@PathVariable Long id, Authentication auth) {',
    '        Complaint complaint = complaintService.getComplaintById(id);',
    '        if (complaint == null) {',
    '            return ResponseEntity.status(HttpStatus.NOT_FOUND).body("❌ Complaint not found");',
    '        }',
    '',
    '        boolean isAdmin = auth.getAuthorities().stream()',
    '                .anyMatch(granted -> granted.getAuthority().equals("ROLE_ADMIN"));',
    '',
    '        if (!isAdmin && !complaint.getUserEmail().equals(auth.getName())) {',
    '            return ResponseEntity.status(HttpStatus.FORBIDDEN).body("❌ Unauthorized access");',
    '        }',
    '',
    '        return ResponseEntity.ok(complaint);',
    '',
    '    }',
    '}',
  ].join('\n') + '\n';
  const javaReply = (lines: readonly string[]) => ['Let admins call `getMyComplaints` as well:', '', '```java', '// ... existing code ...', ...lines, '// ... existing code ...', '```', ''].join('\n');
  const signature = '    public List<Complaint> getMyComplaints(Authentication auth) {';

  it('replaces getMyComplaints\' @PreAuthorize, its @GetMapping elided (was: old and new kept, a duplicate annotation javac rejects)', () => {
    const reply = javaReply(['    @PreAuthorize("hasAnyRole(\'USER\', \'ADMIN\')")', signature]);
    assert.equal(writtenOnTarget(path, controller, reply), controller.replace('    @PreAuthorize("hasRole(\'USER\')")\n    public List<Complaint> getMyComplaints(', '    @PreAuthorize("hasAnyRole(\'USER\', \'ADMIN\')")\n    public List<Complaint> getMyComplaints('));
  });

  it('still adds an annotation of another name above the changed one', () => {
    const reply = javaReply(['    @Transactional(readOnly = true)', '    @PreAuthorize("hasAnyRole(\'USER\', \'ADMIN\')")', signature]);
    const expected = controller.replace('    @PreAuthorize("hasRole(\'USER\')")\n    public List<Complaint> getMyComplaints(', '    @Transactional(readOnly = true)\n    @PreAuthorize("hasAnyRole(\'USER\', \'ADMIN\')")\n    public List<Complaint> getMyComplaints(');
    assert.equal(writtenOnTarget(path, controller, reply), expected);
  });

  // An actix messages.rs, trimmed to the structs from LeaveRoomMsg to ChooseWordMsg: GetAllRoomMsg,
  // 24 lines above ChooseWordMsg, has the `#[rtype]` the reply gives ChooseWordMsg. The whole file
  // has it on three more structs higher up (`withInitMsg`).
  const rsPath = 'src/messages.rs';
  const messages = [
    '/// 玩家离开房间',
    '#[derive(Debug, Message, Deserialize)]',
    '#[rtype(result = "()")]',
    'pub struct LeaveRoomMsg {',
    '    #[serde(rename = "userId")]',
    '    pub user_id: String,',
    '}',
    '',
    '/// 玩家离开房间',
    '#[derive(Debug, Message)]',
    '#[rtype(result = "Option<Value>")]',
    'pub struct GetAllRoomMsg {}',
    '',
    '#[derive(Debug, Message)]',
    '#[rtype(result = "()")]',
    'pub struct GameStartMsg {',
    '    pub room_id: String',
    '}',
    '',
    '#[derive(Debug, Message)]',
    '#[rtype(result = "()")]',
    'pub struct GameStartLaterMsg {',
    '    pub room_id: String,',
    '    pub duration: Duration,',
    '}',
    '',
    '#[derive(Debug, Message)]',
    '#[rtype(result = "()")]',
    'pub struct GameStartCancelMsg {',
    '    pub room_id: String,',
    '}',
    '',
    '/// 选词',
    '#[derive(Debug, Message, Deserialize)]',
    '#[rtype(result = "bool")]',
    'pub struct ChooseWordMsg {',
    '    #[serde(rename = "userId")]',
    '    pub user_id: String,',
    '    pub word: String,',
    '}',
  ].join('\n') + '\n';
  const rsReply = (lines: readonly string[]) => ['The handler for `ChooseWordMsg` should return the updated room state, so change its result type:', '', '```rust', '// ... existing code ...', ...lines, '// ... existing code ...', '```', ''].join('\n');

  const withInitMsg = ['#[derive(Debug, Message, Deserialize)]', '#[rtype(result = "Option<Value>")]', 'pub struct InitMsg {', '    #[serde(rename = "userId")]', '    pub user_id: String,', '}', '', ''].join('\n') + messages;
  const changed = (file: string) => file.replace('#[rtype(result = "bool")]\npub struct ChooseWordMsg {', '#[rtype(result = "Option<Value>")]\npub struct ChooseWordMsg {');

  it('replaces ChooseWordMsg\'s #[rtype], the same attribute standing over GetAllRoomMsg higher up (was: the four structs between deleted; with more copies, refused)', () => {
    const reply = rsReply(['#[rtype(result = "Option<Value>")]', 'pub struct ChooseWordMsg {']);
    assert.equal(writtenOnTarget(rsPath, messages, reply), changed(messages));
    assert.equal(writtenOnTarget(rsPath, withInitMsg, reply), changed(withInitMsg));
  });

  it('keeps both when the arguments name other things: a second serde attribute stacks', () => {
    const renamed = messages.replace('#[rtype(result = "bool")]\npub struct ChooseWordMsg {', '#[rtype(result = "bool")]\n#[serde(rename_all = "camelCase")]\npub struct ChooseWordMsg {');
    const reply = rsReply(['#[serde(deny_unknown_fields)]', 'pub struct ChooseWordMsg {']);
    assert.equal(writtenOnTarget(rsPath, renamed, reply), renamed.replace('pub struct ChooseWordMsg {', '#[serde(deny_unknown_fields)]\npub struct ChooseWordMsg {'));
  });
});

describe('pasted replies: a Java import alone between two markers, then a field after its anchor (p51/b 24, ContactForm.java)', () => {
  // ContactForm.java of the chat export's Spring project, cut to its imports and last fields.
  const form = [
    'package com.scm.contactmanager.forms;',
    '',
    'import org.springframework.web.multipart.MultipartFile;',
    '',
    'import com.scm.contactmanager.validators.ValidFile;',
    '',
    'import jakarta.validation.constraints.NotBlank;',
    'import lombok.Getter;',
    'import lombok.ToString;',
    '',
    '@Getter',
    '@ToString',
    'public class ContactForm {',
    '',
    '    @NotBlank(message = "Name is required")',
    '    private String name;',
    '',
    '    @ValidFile(message = "Invalid File")',
    '    private MultipartFile contactImage;',
    '',
    '    private String picture;',
    '}',
    '',
  ].join('\n');
  const path = 'src/main/java/com/scm/contactmanager/forms/ContactForm.java';
  const reply = (imports: string[]) => [
    '```java',
    '// ... existing code ...',
    ...imports,
    '// ... existing code ...',
    '    private String picture;',
    '',
    '    private Relationship relationship;',
    '// ... existing code ...',
    '```',
    '',
  ].join('\n');
  const relationship = 'import com.scm.contactmanager.entities.Relationship;';
  const field = '    private String picture;\n\n    private Relationship relationship;\n}';

  it('adds the import after the file\'s last one, where every place in the list gives the same program', () => {
    // Refused: `the lines around "import com.scm.contactmanager.entities.Relationship;" have no line that occurs exactly once`.
    const expected = form.replace('import lombok.ToString;\n', `import lombok.ToString;\n${relationship}\n`).replace('    private String picture;\n}', field);
    assert.equal(writtenOnTarget(path, form, reply([relationship])), expected);
    const two = [relationship, 'import java.util.List;'];
    assert.equal(writtenOnTarget(path, form, reply(two)), expected.replace(`${relationship}\n`, `${two.join('\n')}\n`));
  });

  it('still refuses it where the file imports a type of that name from elsewhere, or the lines are not Java imports', () => {
    // The new import may replace the old one, and beside it neither compiles.
    const javax = form.replace('import lombok.ToString;\n', 'import lombok.ToString;\nimport com.scm.contactmanager.models.Relationship;\n');
    assert.equal(onTarget(path, javax, reply([relationship])).changes.length, 0);
    // A statement among the imports: new lines between markers run where they stand.
    assert.equal(onTarget(path, form, reply(['Relationship.init();'])).changes.length, 0);
  });
});

describe('pasted replies: new Go methods alone between a leading and a trailing marker (p51/b 01, 02, user.go)', () => {
  // pkg/models/user.go of the chat export ("Requirements analysis for TrueCaller-like service"), its doc comments cut.
  const user = [
    'package models',
    '',
    'import (',
    '\t"errors"',
    '\t"strings"',
    ')',
    '',
    '// User represents a user in the system.',
    'type User struct {',
    '\tPhoneNumber string `json:"phone_number"`',
    '\tName        string `json:"name"`',
    '\tIsSpam      bool   `json:"is_spam"`',
    '}',
    '',
    '// Validate checks the User fields for business rule compliance.',
    'func (u *User) Validate() error {',
    '\tif len(strings.TrimSpace(u.Name)) == 0 {',
    '\t\treturn errors.New("name is required")',
    '\t}',
    '\treturn nil',
    '}',
    '',
  ].join('\n');
  const getters = [
    '// GetPhoneNumber returns the user\'s phone number. Returns empty string if receiver is nil.',
    'func (u *User) GetPhoneNumber() string {',
    '\tif u == nil {',
    '\t\treturn ""',
    '\t}',
    '\treturn u.PhoneNumber',
    '}',
    '',
    '// GetIsSpam returns the user\'s spam status. Returns false if receiver is nil.',
    'func (u *User) GetIsSpam() bool {',
    '\tif u == nil {',
    '\t\treturn false',
    '\t}',
    '\treturn u.IsSpam',
    '}',
  ];
  const reply = (lines: string[]) => ['```go', '// ... existing code ...', ...lines, '// ... existing code ...', '```', ''].join('\n');
  const path = 'pkg/models/user.go';

  it('appends them at the file\'s end, where Go reads top-level functions in any order', () => {
    // Refused: `the lines around "// GetPhoneNumber returns the user's phone number…" have no line that occurs exactly once`.
    assert.equal(writtenOnTarget(path, user, reply(getters)), `${user}\n${getters.join('\n')}\n`);
  });

  it('still refuses them where their place or their reading can matter', () => {
    const refused = (file: string, lines: string[]) => assert.equal(onTarget(path, file, reply(lines)).changes.length, 0);
    // The file has one of them, on a value receiver: written beside it, neither compiles.
    refused(user.replace('// Validate checks', 'func (u User) GetIsSpam() bool {\n\treturn u.Flags.Spam\n}\n\n// Validate checks'), getters);
    // A package's init functions run in the file's order: beside the file's own, the place says which runs first.
    refused(user.replace('// Validate checks', 'func init() {\n\tlog.SetPrefix("models: ")\n}\n\nfunc init() {\n\tlog.SetFlags(0)\n}\n\n// Validate checks'), ['func init() {', '\tdefaultName = "anonymous"', '}']);
    // A package variable's initializer may run by its place.
    refused(user, ['var registry = newRegistry()', '', ...getters]);
    // Not a Go file: nothing says its order is free.
    refused(user.replace('package models', 'package models;'), getters);
  });
});

describe('pasted replies: a Go `main` with two `if err != nil {` blocks, and a new `init` between markers (p52/a 19, 20, 23, 25, gowatch main.go)', () => {
  // cmd/gowatch/main.go of a file watcher, cut to its imports and `main`, tabs as the file has them.
  const main = [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"github.com/fsnotify/fsnotify"',
    '\t"log"',
    '\t"os"',
    '\t"path/filepath"',
    ')',
    '',
    'func main() {',
    '\twatcher, err := fsnotify.NewWatcher()',
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tdefer watcher.Close()',
    '',
    '\tdone := make(chan bool)',
    '',
    '\terr = filepath.Walk(".", func(path string, info os.FileInfo, err error) error {',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tif info.IsDir() {',
    '\t\t\treturn watcher.Add(path)',
    '\t\t}',
    '\t\treturn nil',
    '\t})',
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '',
    '\tfmt.Println("Watching for changes...")',
    '',
    '\t<-done',
    '}',
    '',
  ].join('\n');
  const path = 'cmd/gowatch/main.go';
  const fenced = (lines: string[]) => ['```go', ...lines, '```', ''].join('\n');
  const fatalf = ['\tif err != nil {', '\t\tlog.Fatalf("walking the tree: %v", err)', '\t}'];

  it('edits the `if err != nil {` block right under the `})` the snippet shows above it, the only `})` in `main`', () => {
    // Refused: `the lines around "})" have no line that occurs exactly once in the file`.
    const reply = fenced(['func main() {', '\t// ... existing code ...', '\t})', ...fatalf, '\t// ... existing code ...', '}']);
    assert.equal(writtenOnTarget(path, main, reply), main.replace('\t})\n\tif err != nil {\n\t\tlog.Fatal(err)', '\t})\n\tif err != nil {\n\t\tlog.Fatalf("walking the tree: %v", err)'));
  });

  it('still refuses the block without the `})`, or where `main` has that `})` twice', () => {
    const refused = (file: string, lines: string[]) => assert.equal(onTarget(path, file, fenced(lines)).changes.length, 0);
    refused(main, ['func main() {', '\t// ... existing code ...', ...fatalf, '\t// ... existing code ...', '}']);
    const twice = main.replace('\tdefer watcher.Close()\n', '\tdefer watcher.Close()\n\tgo func() {\n\t\twatch(watcher)\n\t})\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n');
    refused(twice, ['func main() {', '\t// ... existing code ...', '\t})', ...fatalf, '\t// ... existing code ...', '}']);
  });

  const init = ['func init() {', '\tlog.SetFlags(log.LstdFlags | log.Lshortfile)', '}'];
  const between = fenced(['// ... existing code ...', '', ...init, '', '// ... existing code ...']);

  it('appends a new `init` at the file\'s end when the file has none: its only `init` runs at the same moment wherever it stands', () => {
    // Refused: `the lines around "func init() {" have no line that occurs exactly once in the file`.
    assert.equal(writtenOnTarget(path, main, between), `${main}\n${init.join('\n')}\n`);
  });

  it('still refuses a new `init` where the file has its own: which of them runs first follows from the place', () => {
    // Two, so that no `func init() {` line anchors the snippet as a rewrite of the file's one.
    const withInits = main.replace('func main() {', 'func init() {\n\tlog.SetPrefix("gowatch: ")\n}\n\nfunc init() {\n\tlog.SetOutput(os.Stderr)\n}\n\nfunc main() {');
    assert.equal(onTarget(path, withInits, between).changes.length, 0);
  });
});

describe('pasted replies: a lone Java `import static` between two markers (p52/a 37, ComplaintController.java)', () => {
  // The controller of a Spring project, cut to its imports and its first handler's head.
  const controller = [
    'package com.subho.nagarsetu.controller;',
    'import com.subho.nagarsetu.dto.ComplaintResponseDTO;',
    'import com.subho.nagarsetu.model.Complaint;',
    '',
    'import org.springframework.beans.factory.annotation.Autowired;',
    'import org.springframework.http.ResponseEntity;',
    'import org.springframework.http.HttpStatus;',
    'import org.springframework.web.bind.annotation.*;',
    '',
    '',
    'import java.util.List;',
    '',
    '@RestController',
    '@RequestMapping("/complaints")',
    'public class ComplaintController {',
    '',
    '    @Autowired',
    '    private ComplaintService complaintService;',
    '}',
    '',
  ].join('\n');
  const path = 'src/main/java/com/subho/nagarsetu/controller/ComplaintController.java';
  const notFound = 'import static org.springframework.http.HttpStatus.NOT_FOUND;';
  const between = (lines: string[], after: string[] = []) => ['```java', '// ... existing code ...', ...lines, '// ... existing code ...', ...after, '```', ''].join('\n');

  it('adds it after the file\'s imports as a group of its own, where the file has no static import', () => {
    // Refused: `the lines around "import static org.springframework.http.HttpStatus.NOT_FOUND;" have no line that occurs exactly once`.
    const expected = controller.replace('import java.util.List;\n', `import java.util.List;\n\n${notFound}\n`);
    assert.equal(writtenOnTarget(path, controller, between([notFound])), expected);
    // The same with a line of the class after a second marker.
    assert.equal(writtenOnTarget(path, controller, between([notFound], ['@RestController'])), expected);
  });

  it('adds a static import after the file\'s last static one, and a plain one after the last plain one', () => {
    const withStatic = controller.replace('import java.util.List;\n', 'import java.util.List;\n\nimport static org.springframework.http.HttpStatus.OK;\n');
    assert.equal(writtenOnTarget(path, withStatic, between([notFound])), withStatic.replace('HttpStatus.OK;\n', `HttpStatus.OK;\n${notFound}\n`));
    assert.equal(writtenOnTarget(path, withStatic, between(['import java.util.Map;'])), withStatic.replace('import java.util.List;\n', 'import java.util.List;\nimport java.util.Map;\n'));
  });

  it('still refuses it where the file has it already in another form, or the lines are not imports', () => {
    assert.equal(onTarget(path, controller.replace('import java.util.List;\n', 'import java.util.List;\nimport static com.example.Codes.NOT_FOUND;\n'), between([notFound])).changes.length, 0);
    assert.equal(onTarget(path, controller, between(['import static org.springframework.http.HttpStatus.NOT_FOUND;', 'private int x;'])).changes.length, 0);
  });
});

describe('pasted replies: a file-head line moved up from below the imports (p52/a 29, a Next.js auth callback page)', () => {
  // apps/web/app/auth/callback/page.tsx of the probe's Next.js monorepo, cut to its imports and
  // the component's first lines, its "use client" moved below the imports (where it is a plain
  // expression), the mistake the reply fixes.
  const imports = [
    'import { useEffect } from "react";',
    'import { useRouter } from "next/navigation";',
    'import { supabase } from "@repo/lib/supabase.client";',
    'import { useAuthStore } from "@repo/store/auth.store";',
    'import { APP_HOME } from "@repo/config";',
  ];
  const component = ['export default function AuthCallbackPage() {', '  const router = useRouter();', '  const { fetchAuthenticatedUser } = useAuthStore();', '  useEffect(() => {}, []);', '}', ''];
  const page = [...imports, '', '"use client";', '', ...component].join('\n');
  const path = 'apps/web/app/auth/callback/page.tsx';
  const reply = (lines: readonly string[], marker: string) => ['`"use client"` is ignored unless it is the very first statement of the module, so move it above the imports:', '', '```tsx', ...lines, marker, '```', ''].join('\n');

  // The reply names no file: it is applied to the file open (`--file`).
  const writtenTo = (target: string, file: string, text: string) => {
    const planned = runReply(text, (p) => (p === target ? file : undefined), { hintPath: target });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    return planned.changes.find((c) => c.path === target)?.newText;
  };

  it('moves "use client" above the imports the snippet shows under it, and drops the copy below them', () => {
    assert.equal(writtenTo(path, page, reply(['"use client";', '', 'import { useEffect } from "react";'], '// ... existing code ...')), ['"use client";', '', ...imports, '', ...component].join('\n'));
  });

  it('moves a __future__ import written below other imports (a SyntaxError there) the same way', () => {
    const module = 'import os\nfrom __future__ import annotations\n\n\ndef main() -> None:\n    print(os.getcwd())\n';
    const moved = reply(['from __future__ import annotations', '', 'import os'], '# ... existing code ...').replace('```tsx', '```python');
    assert.equal(writtenTo('main.py', module, moved), 'from __future__ import annotations\n\nimport os\n\n\ndef main() -> None:\n    print(os.getcwd())\n');
  });
});
