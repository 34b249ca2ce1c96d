import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { replyOnFile as result, writtenByReply as written } from '../helpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: locate, where in the file a block's lines
 * stand. Here the search ladder meets stale lines (a SWE-bench message, a class header as an older
 * version had it), twins (a block of one `case` or rule quoted with a line of the other, a Django
 * form whose method is a near version of the class above), apply_patch `@@` anchors that name a
 * class further down, and blocks already applied (Aider's REPLACE without its last blank line,
 * flake8's E302 blank line).
 */

describe('pasted replies: a SWE-bench change written as SEARCH/REPLACE with a stale line', () => {
  // django/contrib/auth/validators.py before django__django-11099.
  const validators = "import re\n\nfrom django.core import validators\nfrom django.core.exceptions import ValidationError\nfrom django.utils.deconstruct import deconstructible\nfrom django.utils.translation import gettext_lazy as _, ngettext\n\n\n@deconstructible\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n        ' numbers, and @/./+/-/_ characters.'\n    )\n    flags = re.ASCII\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n            ' numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UnicodeUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n    flags = 0\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters, ' \n            'numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UsernameMinimumLengthValidator:\n    \"\"\"\n    Validate whether the username is of a minimum length.\n    \"\"\"\n    def __init__(self, min_length=1):\n        self.min_length = min_length\n\n    def __call__(self, username):\n        if self.min_length:\n            if len(username) < self.min_length:\n                raise ValidationError(\n                    ngettext(\n                        'This username is too short. It must contain at least %(min_length)d character.',\n                        'This username is too short. It must contain at least %(min_length)d characters.',\n                        self.min_length,\n                    ),\n                    code='invalid',\n                    params={'min_length': self.min_length},\n                )\n\n    def help_text(self):\n        return ngettext(\n            'Your username must contain at least %(min_length)d character.',\n            'Your username must contain at least %(min_length)d characters.',\n            self.min_length\n        ) % {'min_length': self.min_length}\n";
  const path = 'django/contrib/auth/validators.py';

  it('places a block quoting `class ASCIIUsernameValidator` with a stale message in that class, not in the alike UnicodeUsernameValidator (written there at 92%)', () => {
    const reply = "django/contrib/auth/validators.py\n```python\n<<<<<<< SEARCH\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only English letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n=======\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'\\A[\\w.@+-]+\\Z'\n    message = _(\n        'Enter a valid username. This value may contain only English letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n>>>>>>> REPLACE\n```\n";
    assert.equal(written(path, validators, reply), "import re\n\nfrom django.core import validators\nfrom django.core.exceptions import ValidationError\nfrom django.utils.deconstruct import deconstructible\nfrom django.utils.translation import gettext_lazy as _, ngettext\n\n\n@deconstructible\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'\\A[\\w.@+-]+\\Z'\n    message = _(\n        'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n        ' numbers, and @/./+/-/_ characters.'\n    )\n    flags = re.ASCII\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n            ' numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UnicodeUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n    flags = 0\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters, ' \n            'numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UsernameMinimumLengthValidator:\n    \"\"\"\n    Validate whether the username is of a minimum length.\n    \"\"\"\n    def __init__(self, min_length=1):\n        self.min_length = min_length\n\n    def __call__(self, username):\n        if self.min_length:\n            if len(username) < self.min_length:\n                raise ValidationError(\n                    ngettext(\n                        'This username is too short. It must contain at least %(min_length)d character.',\n                        'This username is too short. It must contain at least %(min_length)d characters.',\n                        self.min_length,\n                    ),\n                    code='invalid',\n                    params={'min_length': self.min_length},\n                )\n\n    def help_text(self):\n        return ngettext(\n            'Your username must contain at least %(min_length)d character.',\n            'Your username must contain at least %(min_length)d characters.',\n            self.min_length\n        ) % {'min_length': self.min_length}\n");
  });
});

describe('pasted replies: a block of one twin quoted with a line copied from the other', () => {
  // reduxjs/redux examples/todomvc/src/reducers/todos.js: two cases alike but for their label and one line.
  const reducer = [
    'const todos = (state = initialState, action) => {',
    '  switch (action.type) {',
    '    case DELETE_TODO:',
    '      return state.filter(todo =>',
    '        todo.id !== action.id',
    '      )',
    '',
    '    case EDIT_TODO:',
    '      return state.map(todo =>',
    '        todo.id === action.id ?',
    '          { ...todo, text: action.text } :',
    '          todo',
    '      )',
    '',
    '    case COMPLETE_TODO:',
    '      return state.map(todo =>',
    '        todo.id === action.id ?',
    '          { ...todo, completed: !todo.completed } :',
    '          todo',
    '      )',
    '',
    '    default:',
    '      return state',
    '  }',
    '}',
    '',
  ].join('\n');
  const block = (label: string, quoted: string, written: string) =>
    `src/reducers/todos.js\n\`\`\`js\n<<<<<<< SEARCH\n    case ${label}:\n      return state.map(todo =>\n        todo.id === action.id ?\n          ${quoted}\n          todo\n      )\n=======\n    case ${label}:\n      return state.map(todo =>\n        todo.id === action.id ?\n          ${written}\n          todo\n      )\n>>>>>>> REPLACE\n\`\`\`\n`;

  it('refuses `case COMPLETE_TODO:` quoted with EDIT_TODO\'s line, the line it rewrites (written into EDIT_TODO)', () => {
    const planned = result('src/reducers/todos.js', reducer, block('COMPLETE_TODO', '{ ...todo, text: action.text } :', '{ ...todo, completed: true } :'));
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]!.message, /lines 15-20 have the search text's line "case COMPLETE_TODO:", lines 8-13 its line "\{ \.\.\.todo, text: action\.text \} :"/);
    assert.deepEqual(planned.receipt.errors[0]!.candidates.map((c) => c.startLine), [8, 15]);
    assert.equal(planned.changes.length, 0);
  });

  it('refuses the mirror, `case EDIT_TODO:` quoted with COMPLETE_TODO\'s line (written into COMPLETE_TODO)', () => {
    const planned = result('src/reducers/todos.js', reducer, block('EDIT_TODO', '{ ...todo, completed: !todo.completed } :', '{ ...todo, text: action.text, editedAt: Date.now() } :'));
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(planned.changes.length, 0);
  });

  it('refuses the same mix as a diff hunk, which the context rule would have placed in the twin whose line it removes', () => {
    const hunk = '```diff\n--- a/src/reducers/todos.js\n+++ b/src/reducers/todos.js\n@@ -15,6 +15,6 @@\n     case COMPLETE_TODO:\n       return state.map(todo =>\n         todo.id === action.id ?\n-          { ...todo, text: action.text } :\n+          { ...todo, completed: true } :\n           todo\n       )\n```\n';
    const planned = result('src/reducers/todos.js', reducer, hunk);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(planned.changes.length, 0);
  });

  const underTarget = (reply: string) => runReply(reply, (p) => (p === 'src/reducers/todos.js' ? reducer : undefined), { hintPath: 'src/reducers/todos.js' });

  it('places a bare re-print of one case, a line changed, under a target file, in the case it re-prints (NO_EDITS_FOUND, "names no file")', () => {
    const planned = underTarget('```js\n    case EDIT_TODO:\n      return state.map(todo =>\n        todo.id === action.id ?\n          { ...todo, text: action.text.trim() } :\n          todo\n      )\n```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, reducer.replace('{ ...todo, text: action.text }', '{ ...todo, text: action.text.trim() }'));
    // The other twin, re-printed two columns to the left: its name line is the one no other case holds.
    const dedented = underTarget('```js\n  case COMPLETE_TODO:\n    return state.map(todo =>\n      todo.id === action.id ?\n        { ...todo, completed: !todo.completed, completedAt: Date.now() } :\n        todo\n    )\n```\n');
    assert.equal(dedented.changes[0]?.newText, reducer.replace('{ ...todo, completed: !todo.completed }', '{ ...todo, completed: !todo.completed, completedAt: Date.now() }'));
  });

  it('takes no place for a bare block that holds as many lines of each twin, and says what the target file lacks', () => {
    const planned = underTarget('```js\n    case COMPLETE_TODO:\n      return state.map(todo =>\n        todo.id === action.id ?\n          { ...todo, text: action.text } :\n          todo\n      ),\n```\n');
    assert.equal(planned.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    assert.match(planned.receipt.errors[0]!.message, /for src\/reducers\/todos\.js, the target file, it is neither the whole file, nor a definition it has once, nor a re-print of one place of it/);
    assert.equal(planned.changes.length, 0);
  });

  // A Terraform EKS file's rules (the index gives no repository): alike but for the name and ports.
  const rules = ['http', 'https', 'http_8080'].map((name, i) => {
    const port = [80, 443, 8080][i];
    return `resource "aws_security_group_rule" "allow_${name}" {\n  type              = "ingress"\n  from_port         = ${port}\n  to_port           = ${port}\n  protocol          = "tcp"\n  cidr_blocks       = ["0.0.0.0/0"]\n  security_group_id = aws_security_group.allow_tls.id\n}\n`;
  }).join('\n');

  it('refuses a rule named `allow_https` quoted with allow_http\'s ports, which it rewrites (allow_http went to 8443 at 99%)', () => {
    const reply = 'infra/security_groups.tf\n```hcl\n<<<<<<< SEARCH\nresource "aws_security_group_rule" "allow_https" {\n  type              = "ingress"\n  from_port         = 80\n  to_port           = 80\n  protocol          = "tcp"\n=======\nresource "aws_security_group_rule" "allow_https" {\n  type              = "ingress"\n  from_port         = 8443\n  to_port           = 8443\n  protocol          = "tcp"\n>>>>>>> REPLACE\n```\n';
    const planned = result('infra/security_groups.tf', rules, reply);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]!.nextStep, /copied from the one place it is meant for/);
    assert.equal(planned.changes.length, 0);
  });

  it('refuses the rule named `allow_http_8080` quoted with allow_http\'s `to_port = 80`, though the edit keeps it: the same mix the other way round', () => {
    const reply = 'infra/security_groups.tf\n```hcl\n<<<<<<< SEARCH\nresource "aws_security_group_rule" "allow_http_8080" {\n  type              = "ingress"\n  from_port         = 8080\n  to_port           = 80\n  protocol          = "tcp"\n  cidr_blocks       = ["0.0.0.0/0"]\n=======\nresource "aws_security_group_rule" "allow_http_8080" {\n  type              = "ingress"\n  from_port         = 8080\n  to_port           = 80\n  protocol          = "tcp"\n  cidr_blocks       = ["10.0.0.0/16"]\n>>>>>>> REPLACE\n```\n';
    const planned = result('infra/security_groups.tf', rules, reply);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]!.message, /"to_port {11}= 80"/);
    assert.equal(planned.changes.length, 0);
  });
});

describe('pasted replies: an Aider reply re-applied to the file Aider wrote, a REPLACE\'s last blank line dropped (Simple-Calulator\'s 3D buttons)', () => {
  // AndrewJacop/Simple-Calulator src/styles.css at 7b151a5, the commit of this very reply
  // (gemini-2.5-pro, aider 0.82): Aider wrote the REPLACE without its last line, a blank one, so
  // `.theme-toggle-btn {` follows the new rule's `}` directly.
  const path = 'src/styles.css';
  const pressRules = [
    '/* General button press effect */',
    'button:active {',
    '  /* background: lightgray; Remove this generic one */',
    '  top: 3px; /* Move button down slightly */',
    '  border-bottom-width: 2px; /* Reduce bottom border */',
    '  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.15); /* Reduce shadow */',
    '}',
    '',
    '/* Apply animation to equals button on active state */',
    '.equals-btn:active {',
    '  animation: pressAnimation 0.2s ease-out;',
    '  top: 3px;',
    '}',
    '',
    '',
    '/* Theme Toggle Button Styles */',
    '/* Keep existing :active styles for theme toggle if needed, or adjust */',
    '.theme-toggle-btn:active {',
    '   top: 3px;',
    '   border-bottom-width: 2px;',
    '}',
  ].join('\n');
  const toggle = '.theme-toggle-btn {\n  position: absolute;\n  top: 20px;\n}\n';
  const spanTwo = '.colored-btn:active {\n  background-color: chocolate;\n  color: white;\n}\n\n.span-two {\n  width: 50%;\n}\n\n';
  const committed = `${spanTwo}${pressRules}\n${toggle}`;
  const original = `${spanTwo}button:active {\n  background: lightgray;\n}\n\n/* Theme Toggle Button Styles */\n${toggle}`;
  const reply = `\`\`\`css\n${path}\n<<<<<<< SEARCH\n  width: 50%;\n}\n\nbutton:active {\n  background: lightgray;\n}\n\n/* Theme Toggle Button Styles */\n=======\n  width: 50%;\n}\n\n${pressRules}\n\n>>>>>>> REPLACE\n\`\`\`\n`;

  it('reads the block as already applied where its replacement stands but for that blank line, and writes nothing', () => {
    const planned = result(path, committed, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.length, 0);
    const edit = planned.receipt.files[0]?.edits[0];
    assert.equal(edit?.status, 'alreadyApplied');
    assert.match(edit?.warnings?.join('\n') ?? '', /but for the blank lines at its edges/);
    // On the file before the reply, the block is applied, its blank line written.
    assert.equal(written(path, original, reply), `${spanTwo}${pressRules}\n\n${toggle}`);
  });

  it('still refuses the block when the lines between the blank edges stand twice: which one is its result is unknown', () => {
    const twice = `${committed}\n${spanTwo}${pressRules}\n`;
    const planned = result(path, twice, reply);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH', JSON.stringify(planned.receipt.files));
  });
});

describe('pasted replies: an apply_patch chunk whose @@ anchor names a class further down (CPython http/server.py, index_pages)', () => {
  // CPython 3.11.7 -> 3.12.1, trimmed: the chunk's two lines are SimpleHTTPRequestHandler's, and
  // its anchor names CGIHTTPRequestHandler, the subclass below it.
  const server = [
    'class SimpleHTTPRequestHandler(BaseHTTPRequestHandler):',
    '',
    '    """Simple HTTP request handler with GET and HEAD commands."""',
    '',
    '    server_version = "SimpleHTTP/" + __version__',
    '    extensions_map = _encodings_map_default = {',
    "        '.gz': 'application/gzip',",
    '    }',
    '',
    '    def send_head(self):',
    '        if os.path.isdir(path):',
    '            for index in "index.html", "index.htm":',
    '                index = os.path.join(path, index)',
    '                if os.path.isfile(index):',
    '                    path = index',
    '                    break',
    '',
    '',
    'class CGIHTTPRequestHandler(SimpleHTTPRequestHandler):',
    '',
    '    """Complete HTTP server with GET, HEAD and POST commands."""',
    '',
    '    # Determine platform specifics',
    "    have_fork = hasattr(os, 'fork')",
    '',
    '    def send_head(self):',
    '        """Version of send_head that support CGI scripts"""',
    '        if self.is_cgi():',
    '            return self.run_cgi()',
    '        else:',
    '            return SimpleHTTPRequestHandler.send_head(self)',
    '',
  ].join('\n');
  const patch = (chunk: string) => `*** Begin Patch\n*** Update File: Lib/http/server.py\n@@ class CGIHTTPRequestHandler(SimpleHTTPRequestHandler):\n${chunk}@@ def send_head(self):\n-            for index in "index.html", "index.htm":\n+            for index in self.index_pages:\n                 index = os.path.join(path, index)\n*** End Patch\n`;
  const path = 'Lib/http/server.py';

  it('places the chunk where its lines stand once, word for word, and names the anchor it passed over', () => {
    const reply = patch('     server_version = "SimpleHTTP/" + __version__\n+    index_pages = ("index.html", "index.htm")\n     extensions_map = _encodings_map_default = {\n');
    const planned = result(path, server, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, server
      .replace('__version__\n', '__version__\n    index_pages = ("index.html", "index.htm")\n')
      .replace('for index in "index.html", "index.htm":', 'for index in self.index_pages:'));
    const warnings = planned.receipt.files.flatMap((file) => file.edits.flatMap((edit) => edit.warnings ?? []));
    assert.ok(warnings.some((warning) => warning.includes('@@ anchor "class CGIHTTPRequestHandler(SimpleHTTPRequestHandler):" (line 19)')), JSON.stringify(warnings));
  });

  it('refuses, naming the anchor, lines that stand twice above it, and names it when the nearest lines stand above it', () => {
    const twice = server.replace('class CGIHTTPRequestHandler', 'class Copy:\n    server_version = "SimpleHTTP/" + __version__\n    extensions_map = _encodings_map_default = {\n    }\n\n\nclass CGIHTTPRequestHandler');
    const ambiguous = result(path, twice, patch('     server_version = "SimpleHTTP/" + __version__\n+    index_pages = ("index.html", "index.htm")\n     extensions_map = _encodings_map_default = {\n'));
    assert.equal(ambiguous.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(ambiguous.receipt.errors[0]?.message ?? '', /after its @@ anchor "class CGIHTTPRequestHandler/);
    assert.equal(ambiguous.changes.length, 0);
    const stale = result(path, server, patch('     server_version = "SimpleHTTP/" + __version__ + "x"\n+    index_pages = ("index.html", "index.htm")\n     extensions_map = _encodings_map_default = {\n'));
    assert.equal(stale.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(stale.receipt.errors[0]?.message ?? '', /looked for after its @@ anchor "class CGIHTTPRequestHandler/);
  });
});

describe('pasted replies: an apply_patch chunk anchored on a class whose own method is a near version of the lines it quotes from the class above (Django forms)', () => {
  // accounts/forms.py of probe p49/a: LoginForm.clean_username returns `username.strip()`,
  // SignupForm's `username.strip().lower()`. The reply says "at sign-up" and anchors on SignupForm.
  const path = 'accounts/forms.py';
  const forms = [
    'from django import forms',
    'from django.contrib.auth.models import User',
    '',
    '',
    'class LoginForm(forms.Form):',
    '    username = forms.CharField(max_length=150)',
    '    password = forms.CharField(widget=forms.PasswordInput)',
    '',
    '    def clean_username(self):',
    '        username = self.cleaned_data["username"]',
    '        return username.strip()',
    '',
    '',
    'class SignupForm(forms.Form):',
    '    username = forms.CharField(max_length=150)',
    '    email = forms.EmailField()',
    '    password = forms.CharField(widget=forms.PasswordInput)',
    '',
    '    def clean_username(self):',
    '        username = self.cleaned_data["username"]',
    '        return username.strip().lower()',
    '',
  ].join('\n');
  const check = '+        if User.objects.filter(username__iexact=username).exists():\n+            raise forms.ValidationError("That username is taken.")\n';
  const chunk = (lines: string) => `Reject taken usernames at sign-up:\n\n\`\`\`\n*** Begin Patch\n*** Update File: ${path}\n@@ class SignupForm(forms.Form):\n${lines}*** End Patch\n\`\`\`\n`;

  it('refuses the chunk, naming both places, when the anchor\'s class holds a near version of lines standing word for word right above it (was: written into LoginForm)', () => {
    const reply = chunk(`     def clean_username(self):\n         username = self.cleaned_data["username"]\n-        return username.strip()\n${check}+        return username.strip()\n`);
    const planned = result(path, forms, reply);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /only at lines 9-11, above the anchor, while the block the anchor opens holds a near version of them at lines 19-21/);
    assert.equal(planned.changes.length, 0);
    // LoginForm's method further up than the lines right above the anchor: refused the same way.
    const further = forms.replace('username.strip()\n\n', 'username.strip()\n\n    def clean_password(self):\n        return self.cleaned_data["password"]\n\n');
    const refused = result(path, further, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(refused.receipt.errors[0]?.message ?? '', /near version of them at lines 22-24/);
  });

  it('still places the lines above the anchor when its class has nothing like them', () => {
    const reply = chunk(`         username = self.cleaned_data["username"]\n-        return username.strip()\n+        return username.strip().casefold()\n`);
    const unlike = forms.replace('        return username.strip().lower()', '        return None');
    assert.equal(written(path, unlike, reply), unlike.replace('return username.strip()\n', 'return username.strip().casefold()\n'));
  });
});

describe('pasted replies: a snippet wrapped in its class\'s header as an older version had it (msal-common AuthorizationCodeClient)', () => {
  // msal-common 16.13.0 -> 16.16.1, trimmed: the DPoP header added after the request headers are
  // made. The file's class no longer extends BaseClient; the reply's wrapper line still does.
  const path = 'src/client/AuthorizationCodeClient.ts';
  const file = [
    'import { CommonAuthorizationCodeRequest } from "../request/CommonAuthorizationCodeRequest.js";',
    'import { Authority } from "../authority/Authority.js";',
    '',
    '/**',
    ' * Oauth2.0 Authorization Code client',
    ' * @internal',
    ' */',
    'export class AuthorizationCodeClient {',
    '    protected logger: Logger;',
    '',
    '    private async executeTokenRequest(',
    '        authority: Authority,',
    '        request: CommonAuthorizationCodeRequest',
    '    ): Promise<NetworkResponse<ServerAuthorizationTokenResponse>> {',
    '        const headers: Record<string, string> = createTokenRequestHeaders(',
    '            this.logger,',
    '            this.config.systemOptions.preventCorsPreflight,',
    '            ccsCredential || request.ccsCredential',
    '        );',
    '',
    '        const thumbprint = getRequestThumbprint(',
    '            this.config.authOptions.clientId,',
    '            request',
    '        );',
    '        return thumbprint;',
    '    }',
    '}',
    '',
  ].join('\n');
  const snippet = (header: string) => `\`\`\`ts\n${header}\n    // ... existing code ...\n        const headers: Record<string, string> = createTokenRequestHeaders(\n            this.logger,\n            this.config.systemOptions.preventCorsPreflight,\n            ccsCredential || request.ccsCredential\n        );\n        await addDpopTokenProofHeader(\n            headers,\n            request,\n            endpoint,\n            this.cryptoUtils,\n            this.config.tokenBindingKeyManager\n        );\n\n        const thumbprint = getRequestThumbprint(\n            this.config.authOptions.clientId,\n            request\n        );\n\`\`\`\n`;
  const planned = (header: string) => runReply(snippet(header), (p) => (p === path ? file : undefined), { hintPath: path });

  it('refuses, naming the wrapper line the file lacks and the file\'s line it is a version of, and applies the snippet with the file\'s own header', () => {
    const stale = planned('export class AuthorizationCodeClient extends BaseClient {');
    assert.equal(stale.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(stale.receipt.errors[0]?.message ?? '', /"export class AuthorizationCodeClient extends BaseClient \{" stands nowhere in the file.*line 8, "export class AuthorizationCodeClient \{"/);
    assert.equal(stale.changes.length, 0);
    const own = planned('export class AuthorizationCodeClient {');
    assert.equal(own.receipt.ok, true, JSON.stringify(own.receipt.errors));
    assert.equal(own.changes[0]?.newText, file.replace('        );\n\n', '        );\n        await addDpopTokenProofHeader(\n            headers,\n            request,\n            endpoint,\n            this.cryptoUtils,\n            this.config.tokenBindingKeyManager\n        );\n\n'));
  });

  it('refuses the same wrapper line when the class header is the file\'s first line, and applies a header changed with the lines under it shown', () => {
    // The file cut to start at its class: the snippet's first segment is then read at the file's
    // top, where the stale header was taken as adding `extends BaseClient` to line 1 and written.
    const fromClass = file.slice(file.indexOf('export class'));
    const read = (reply: string) => runReply(reply, (p) => (p === path ? fromClass : undefined), { hintPath: path });
    const stale = read(snippet('export class AuthorizationCodeClient extends BaseClient {'));
    assert.equal(stale.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(stale.receipt.errors[0]?.message ?? '', /"export class AuthorizationCodeClient extends BaseClient \{" stands nowhere in the file.*line 1, "export class AuthorizationCodeClient \{"/);
    assert.equal(stale.changes.length, 0);
    const shown = read('```ts\nexport class AuthorizationCodeClient extends BaseClient {\n    protected logger: Logger;\n    // ... existing code ...\n```\n');
    assert.equal(shown.receipt.ok, true, JSON.stringify(shown.receipt.errors));
    assert.equal(shown.changes[0]?.newText, fromClass.replace('AuthorizationCodeClient {', 'AuthorizationCodeClient extends BaseClient {'));
  });
});

describe('pasted replies: a SEARCH/REPLACE whose whole change is one added blank line (flake8 E302)', () => {
  // accounts/forms.py of probe p49/a (two Django forms, one blank line between them): flake8
  // reports `E302 expected 2 blank lines, found 1` at `class SignupForm`.
  const path = 'accounts/forms.py';
  const forms = [
    'class LoginForm(forms.Form):',
    '    def clean_username(self):',
    '        username = self.cleaned_data["username"]',
    '        return username.strip()',
    '',
    'class SignupForm(forms.Form):',
    '    username = forms.CharField(max_length=150)',
    '',
  ].join('\n');
  const reply = `flake8 reports \`E302 expected 2 blank lines, found 1\` at line 13. Add the missing blank line:\n\n${path}\n\`\`\`python\n<<<<<<< SEARCH\nclass SignupForm(forms.Form):\n=======\n\nclass SignupForm(forms.Form):\n>>>>>>> REPLACE\n\`\`\`\n`;
  const fixed = forms.replace('\nclass SignupForm', '\n\nclass SignupForm');

  it('writes the blank line though one already stands above the class (was: "already in the file", nothing written)', () => {
    assert.equal(written(path, forms, reply), fixed);
  });

  it('reads the block as applied where more blank lines than it adds stand above the class', () => {
    const planned = result(path, fixed, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });
});
