import * as assert from 'node:assert/strict';
import { replyOnFile as result, writtenByReply as written } from '../helpers';

/**
 * Snippets that go from one definition of the file to a later one without a marker, on the real
 * files they were written for. Stage: elision merge (`definitionSkipped` in
 * src/core/elisionMerge/definitionLeftOut.ts). Between two lines a snippet shows, a whole
 * definition it neither shows nor names, with new code written in the same place, was deleted:
 * replaced by the new code, when the model as often forgot the marker for a neighbour it did not
 * change. Which one is meant is a guess, refused. A deletion alone (the snippet writes nothing
 * there), a definition the new code names, a statement that only looks like an opener, and new
 * code that is a version of what it replaces are written as before.
 */

describe('pasted replies: a whole C function skipped between two the snippet shows (redis adlist.c)', () => {
  // redis/redis src/adlist.c @ 06b30e20, lines 318-395: listIndex, the two rotate functions, listJoin, listInitNode.
  const file = [
  "",
  "/* Return the element at the specified zero-based index",
  " * where 0 is the head, 1 is the element next to head",
  " * and so on. Negative integers are used in order to count",
  " * from the tail, -1 is the last element, -2 the penultimate",
  " * and so on. If the index is out of range NULL is returned. */",
  "listNode *listIndex(list *list, long index) {",
  "    listNode *n;",
  "",
  "    if (index < 0) {",
  "        index = (-index)-1;",
  "        n = list->tail;",
  "        while(index-- && n) n = n->prev;",
  "    } else {",
  "        n = list->head;",
  "        while(index-- && n) n = n->next;",
  "    }",
  "    return n;",
  "}",
  "",
  "/* Rotate the list removing the tail node and inserting it to the head. */",
  "void listRotateTailToHead(list *list) {",
  "    if (listLength(list) <= 1) return;",
  "",
  "    /* Detach current tail */",
  "    listNode *tail = list->tail;",
  "    list->tail = tail->prev;",
  "    list->tail->next = NULL;",
  "    /* Move it as head */",
  "    list->head->prev = tail;",
  "    tail->prev = NULL;",
  "    tail->next = list->head;",
  "    list->head = tail;",
  "}",
  "",
  "/* Rotate the list removing the head node and inserting it to the tail. */",
  "void listRotateHeadToTail(list *list) {",
  "    if (listLength(list) <= 1) return;",
  "",
  "    listNode *head = list->head;",
  "    /* Detach current head */",
  "    list->head = head->next;",
  "    list->head->prev = NULL;",
  "    /* Move it as tail */",
  "    list->tail->next = head;",
  "    head->next = NULL;",
  "    head->prev = list->tail;",
  "    list->tail = head;",
  "}",
  "",
  "/* Add all the elements of the list 'o' at the end of the",
  " * list 'l'. The list 'other' remains empty but otherwise valid. */",
  "void listJoin(list *l, list *o) {",
  "    if (o->len == 0) return;",
  "",
  "    o->head->prev = l->tail;",
  "",
  "    if (l->tail)",
  "        l->tail->next = o->head;",
  "    else",
  "        l->head = o->head;",
  "",
  "    l->tail = o->tail;",
  "    l->len += o->len;",
  "",
  "    /* Setup other as an empty list. */",
  "    o->head = o->tail = NULL;",
  "    o->len = 0;",
  "}",
  "",
  "/* Initializes the node's value and sets its pointers",
  " * so that it is initially not a member of any list.",
  " */",
  "void listInitNode(listNode *node, void *value) {",
  "    node->prev = NULL;",
  "    node->next = NULL;",
  "    node->value = value;",
  "}",
  ].join('\n');
  const lines = file.split('\n');
  const at = (text: string) => {
    const i = lines.indexOf(text);
    assert.notEqual(i, -1, text);
    return i;
  };
  const wrapper = ['/* Old name kept for modules that still call it. */', 'void listRotate(list *list) {', '    listRotateTailToHead(list);', '}', ''];
  const tailToHead = lines.slice(at('/* Rotate the list removing the tail node and inserting it to the head. */'), at('/* Rotate the list removing the head node and inserting it to the tail. */'));
  const joinHead = ["/* Add all the elements of the list 'o' at the end of the", " * list 'l'. The list 'other' remains empty but otherwise valid. */", 'void listJoin(list *l, list *o) {'];
  const [headToTail, join] = [at('/* Rotate the list removing the head node and inserting it to the tail. */'), at(joinHead[0])];

  it('refuses a wrapper added between listRotateTailToHead and listJoin when the snippet leaves listRotateHeadToTail out without a marker (it deleted the public function)', () => {
    const reply = "Here's a `listRotate` compatibility wrapper, next to the two rotate functions:\n\n```c\n// src/adlist.c\n// ... existing code ...\n\n/* Rotate the list removing the tail node and inserting it to the head. */\nvoid listRotateTailToHead(list *list) {\n    if (listLength(list) <= 1) return;\n\n    /* Detach current tail */\n    listNode *tail = list->tail;\n    list->tail = tail->prev;\n    list->tail->next = NULL;\n    /* Move it as head */\n    list->head->prev = tail;\n    tail->prev = NULL;\n    tail->next = list->head;\n    list->head = tail;\n}\n\n/* Old name kept for modules that still call it. */\nvoid listRotate(list *list) {\n    listRotateTailToHead(list);\n}\n\n/* Add all the elements of the list 'o' at the end of the\n * list 'l'. The list 'other' remains empty but otherwise valid. */\nvoid listJoin(list *l, list *o) {\n// ... existing code ...\n```\n";
    const planned = result('src/adlist.c', file, reply);
    assert.equal(planned.receipt.ok, false);
    assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['ELISION_UNRESOLVED']);
    assert.match(planned.receipt.errors[0].message, /without listRotateHeadToTail \(lines \d+-\d+\), which it neither shows nor names/);
    assert.equal(planned.changes.length, 0);
  });

  it('inserts the same wrapper and keeps listRotateHeadToTail when a marker stands for it', () => {
    const reply = ['```c', '// src/adlist.c', '// ... existing code ...', '', ...tailToHead, ...wrapper, '// ... existing code ...', '', ...joinHead, '// ... existing code ...', '```', ''].join('\n');
    assert.equal(written('src/adlist.c', file, reply), [...lines.slice(0, headToTail), ...wrapper, ...lines.slice(headToTail)].join('\n'));
  });

  it('deletes listRotateHeadToTail when the snippet goes from listRotateTailToHead straight to listJoin and writes nothing between', () => {
    const reply = ['```c', '// src/adlist.c', '// ... existing code ...', '', ...tailToHead, ...joinHead, '// ... existing code ...', '```', ''].join('\n');
    assert.equal(written('src/adlist.c', file, reply), [...lines.slice(0, headToTail), ...lines.slice(join)].join('\n'));
  });

  it('adds the wrapper and rewrites listRotateHeadToTail when the snippet gives that function again under its name', () => {
    const rewritten = ['/* Rotate the list removing the head node and inserting it to the tail. */', 'void listRotateHeadToTail(list *list) {', '    if (listLength(list) <= 1) return;', '    listNode *head = list->head;', '    listUnlinkNode(list, head);', '    listLinkNodeTail(list, head);', '}', ''];
    const reply = ['```c', '// src/adlist.c', '// ... existing code ...', '', ...tailToHead, ...wrapper, ...rewritten, ...joinHead, '// ... existing code ...', '```', ''].join('\n');
    assert.equal(written('src/adlist.c', file, reply), [...lines.slice(0, headToTail), ...wrapper, ...rewritten, ...lines.slice(join)].join('\n'));
  });
});

describe('pasted replies: a C function deleted by leaving it out, as the reply says (redis adlist.c)', () => {
  // redis/redis src/adlist.c @ 06b30e20, lines 36-85: listEmpty, listRelease, listReleaseGeneric, listAddNodeHead.
  const file = [
  "/* Remove all the elements from the list without destroying the list itself. */",
  "void listEmpty(list *list)",
  "{",
  "    unsigned long len;",
  "    listNode *current, *next;",
  "",
  "    current = list->head;",
  "    len = list->len;",
  "    while(len--) {",
  "        next = current->next;",
  "        if (list->free) list->free(current->value);",
  "        zfree(current);",
  "        current = next;",
  "    }",
  "    list->head = list->tail = NULL;",
  "    list->len = 0;",
  "}",
  "",
  "/* Free the whole list.",
  " *",
  " * This function can't fail. */",
  "void listRelease(list *list)",
  "{",
  "    if (!list)",
  "        return;",
  "    listEmpty(list);",
  "    zfree(list);",
  "}",
  "",
  "/* Generic version of listRelease. */",
  "void listReleaseGeneric(void *list) {",
  "    listRelease((struct list*)list);",
  "}",
  "",
  "/* Add a new node to the list, to head, containing the specified 'value'",
  " * pointer as value.",
  " *",
  " * On error, NULL is returned and no operation is performed (i.e. the",
  " * list remains unaltered).",
  " * On success the 'list' pointer you pass to the function is returned. */",
  "list *listAddNodeHead(list *list, void *value)",
  "{",
  "    listNode *node;",
  "",
  "    if ((node = zmalloc(sizeof(*node))) == NULL)",
  "        return NULL;",
  "    node->value = value;",
  "    listLinkNodeHead(list, node);",
  "    return list;",
  "}",
  ].join('\n');

  it('deletes listReleaseGeneric, which the snippet skips between listRelease and the next comment with nothing written there', () => {
    const reply = "`listReleaseGeneric` isn't referenced anywhere any more, so I removed it:\n\n```c\n// src/adlist.c\n// ... existing code ...\n\n/* Free the whole list.\n *\n * This function can't fail. */\nvoid listRelease(list *list)\n{\n    if (!list)\n        return;\n    listEmpty(list);\n    zfree(list);\n}\n\n/* Add a new node to the list, to head, containing the specified 'value'\n * pointer as value.\n// ... existing code ...\n```\n";
    const lines = file.split('\n');
    const from = lines.indexOf('/* Generic version of listRelease. */');
    assert.equal(written('src/adlist.c', file, reply), [...lines.slice(0, from), ...lines.slice(from + 5)].join('\n'));
  });
});

describe('pasted replies: CPython commits as lazy snippets that replace definitions in place', () => {
  it("replaces xmlrpc's platform-specific _iso8601_format definitions and their _try helper by one new _iso8601_format (a version of what it replaces)", () => {
    // CPython Lib/xmlrpc/client.py before python3.13's change (replay commit 275a96f), lines 243-296.
    const file = [
    "# --------------------------------------------------------------------",
    "# Special values",
    "",
    "##",
    "# Backwards compatibility",
    "",
    "boolean = Boolean = bool",
    "",
    "##",
    "# Wrapper for XML-RPC DateTime values.  This converts a time value to",
    "# the format used by XML-RPC.",
    "# <p>",
    "# The value can be given as a datetime object, as a string in the",
    "# format \"yyyymmddThh:mm:ss\", as a 9-item time tuple (as returned by",
    "# time.localtime()), or an integer value (as returned by time.time()).",
    "# The wrapper uses time.localtime() to convert an integer to a time",
    "# tuple.",
    "#",
    "# @param value The time, given as a datetime object, an ISO 8601 string,",
    "#              a time tuple, or an integer time value.",
    "",
    "",
    "# Issue #13305: different format codes across platforms",
    "_day0 = datetime(1, 1, 1)",
    "def _try(fmt):",
    "    try:",
    "        return _day0.strftime(fmt) == '0001'",
    "    except ValueError:",
    "        return False",
    "if _try('%Y'):      # Mac OS X",
    "    def _iso8601_format(value):",
    "        return value.strftime(\"%Y%m%dT%H:%M:%S\")",
    "elif _try('%4Y'):   # Linux",
    "    def _iso8601_format(value):",
    "        return value.strftime(\"%4Y%m%dT%H:%M:%S\")",
    "else:",
    "    def _iso8601_format(value):",
    "        return value.strftime(\"%Y%m%dT%H:%M:%S\").zfill(17)",
    "del _day0",
    "del _try",
    "",
    "",
    "def _strftime(value):",
    "    if isinstance(value, datetime):",
    "        return _iso8601_format(value)",
    "",
    "    if not isinstance(value, (tuple, time.struct_time)):",
    "        if value == 0:",
    "            value = time.time()",
    "        value = time.localtime(value)",
    "",
    "    return \"%04d%02d%02dT%02d:%02d:%02d\" % value[:6]",
    "",
    "class DateTime:",
    ].join('\n');
    const lines = file.split('\n');
    const iso = [
      'def _iso8601_format(value):',
      '    if value.tzinfo is not None:',
      '        # XML-RPC only uses the naive portion of the datetime',
      '        value = value.replace(tzinfo=None)',
      "    # XML-RPC doesn't use '-' separator in the date part",
      "    return value.isoformat(timespec='seconds').replace('-', '')",
    ];
    const reply = ['xmlrpc/client.py', '```', '# ... existing code ...', '##', '# Backwards compatibility', 'boolean = Boolean = bool', '', '', ...iso, '', '', 'def _strftime(value):', '    if isinstance(value, datetime):', '        # ... existing code ...', '```', ''].join('\n');
    const [compat, boolean, strftime] = [lines.indexOf('# Backwards compatibility'), lines.indexOf('boolean = Boolean = bool'), lines.indexOf('def _strftime(value):')];
    assert.equal(written('xmlrpc/client.py', file, reply), [...lines.slice(0, compat + 1), ...lines.slice(boolean, boolean + 2), '', ...iso, '', '', ...lines.slice(strftime)].join('\n'));
  });

  it("replaces email.feedparser's boundaryre assignment, a statement and no definition, by a nested boundarymatch function", () => {
    // CPython Lib/email/feedparser.py before python3.13's change (replay commit 927bdf8), lines 320-346.
    const file = [
    "            # Make sure a valid content type was specified per RFC 2045:6.4.",
    "            if (str(self._cur.get('content-transfer-encoding', '8bit')).lower()",
    "                    not in ('7bit', '8bit', 'binary')):",
    "                defect = errors.InvalidMultipartContentTransferEncodingDefect()",
    "                self.policy.handle_defect(self._cur, defect)",
    "            # Create a line match predicate which matches the inter-part",
    "            # boundary as well as the end-of-multipart boundary.  Don't push",
    "            # this onto the input stream until we've scanned past the",
    "            # preamble.",
    "            separator = '--' + boundary",
    "            boundaryre = re.compile(",
    "                '(?P<sep>' + re.escape(separator) +",
    "                r')(?P<end>--)?(?P<ws>[ \\t]*)(?P<linesep>\\r\\n|\\r|\\n)?$')",
    "            capturing_preamble = True",
    "            preamble = []",
    "            linesep = False",
    "            close_boundary_seen = False",
    "            while True:",
    "                line = self._input.readline()",
    "                if line is NeedMoreData:",
    "                    yield NeedMoreData",
    "                    continue",
    "                if line == '':",
    "                    break",
    "                mo = boundaryre.match(line)",
    "                if mo:",
    "                    # If we're looking at the end boundary, we're done with",
    ].join('\n');
    const lines = file.split('\n');
    const matcher = [
      '            def boundarymatch(line):',
      '                if not line.startswith(separator):',
      '                    return None',
      '                return boundaryendRE.match(line, len(separator))',
    ];
    const reply = ['email/feedparser.py', '```', '# ... existing code ...', '            # preamble.', "            separator = '--' + boundary", ...matcher, '            capturing_preamble = True', '            preamble = []', '            # ... existing code ...', '```', ''].join('\n');
    const from = lines.indexOf('            boundaryre = re.compile(');
    assert.equal(written('email/feedparser.py', file, reply), [...lines.slice(0, from), ...matcher, ...lines.slice(from + 3)].join('\n'));
  });
});
