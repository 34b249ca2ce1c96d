import * as assert from 'node:assert/strict';
import { runReply } from '../../src/core/index';
import { replyOnFile, writtenByReply } from './helpers';
import { mergeFragment } from '../../src/core/elisionMerge';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured.
 */
const result = replyOnFile;
const written = writtenByReply;

describe('pasted replies: templates elided in their own comment syntax', () => {
  // Flask's tutorial template (flaskr/templates/blog/index.html).
  const template = [
    "{% extends 'base.html' %}",
    "",
    "{% block header %}",
    "  <h1>{% block title %}Posts{% endblock %}</h1>",
    "  {% if g.user %}",
    "    <a class=\"action\" href=\"{{ url_for('blog.create') }}\">New</a>",
    "  {% endif %}",
    "{% endblock %}",
    "",
    "{% block content %}",
    "  {% for post in posts %}",
    "    <article class=\"post\">",
    "      <header>",
    "        <div>",
    "          <h1>{{ post['title'] }}</h1>",
    "          <div class=\"about\">by {{ post['username'] }} on {{ post['created'].strftime('%Y-%m-%d') }}</div>",
    "        </div>",
    "        {% if g.user['id'] == post['author_id'] %}",
    "          <a class=\"action\" href=\"{{ url_for('blog.update', id_=post['id']) }}\">Edit</a>",
    "        {% endif %}",
    "      </header>",
    "      <p class=\"body\">{{ post['body'] }}</p>",
    "    </article>",
    "    {% if not loop.last %}",
    "      <hr>",
    "    {% endif %}",
    "  {% endfor %}",
    "{% endblock %}",
    '',
  ].join('\n');
  const path = 'flaskr/templates/blog/index.html';

  it('fills a Jinja snippet\'s {# ... #} markers from the file (the snippet starts and ends as the file does: it replaced the whole file, 18 lines deleted)', () => {
    const reply = [
      path,
      '```html+jinja',
      "{% extends 'base.html' %}",
      '',
      '{# ... existing code ... #}',
      "        {% if g.user['id'] == post['author_id'] %}",
      "          <a class=\"action\" href=\"{{ url_for('blog.update', id=post['id']) }}\">Edit</a>",
      '        {% endif %}',
      '      </header>',
      '      {# ... existing code ... #}',
      '  {% endfor %}',
      '{% endblock %}',
      '```',
      '',
    ].join('\n');
    assert.equal(written(path, template, reply), template.replace('id_=post', 'id=post'));
  });

  it('reads ERB, Blade and Handlebars comment markers the same way', () => {
    for (const marker of ['<%# ... existing code ... %>', '{{-- ... existing code ... --}}', '{{!-- ... --}}']) {
      const reply = [path, '```html', marker, "        {% if g.user['id'] == post['author_id'] %}", "          <a class=\"action\" href=\"{{ url_for('blog.update', id=post['id']) }}\">Edit</a>", marker, '```', ''].join('\n');
      assert.equal(written(path, template, reply), template.replace('id_=post', 'id=post'), marker);
    }
  });
});

describe('pasted replies: Sweep\'s GPT-4 replies on its Flask app', () => {
  // The 31-line app of Sweep's blog post "Why getting GPT-4 to modify files is hard".
  const app = [
    "from flask import Flask, jsonify, request",
    "",
    "app = Flask(__name__)",
    "",
    "# Sample data",
    "tasks = [",
    "    {\"id\": 1, \"task\": \"Buy milk\"},",
    "    {\"id\": 2, \"task\": \"Read book\"}",
    "]",
    "",
    "@app.route('/tasks', methods=['GET'])",
    "def get_tasks():",
    "    return jsonify({\"tasks\": tasks})",
    "",
    "@app.route('/tasks/<int:task_id>', methods=['GET'])",
    "def get_task(task_id):",
    "    task = next((item for item in tasks if item[\"id\"] == task_id), None)",
    "    return jsonify({\"task\": task})",
    "",
    "@app.route('/tasks', methods=['POST'])",
    "def create_task():",
    "    new_task = {\"id\": len(tasks) + 1, \"task\": request.json[\"task\"]}",
    "    tasks.append(new_task)",
    "    return jsonify({\"task\": new_task}), 201",
    "",
    "@app.route('/tasks/<int:task_id>', methods=['PUT'])",
    "def update_task(task_id):",
    "    task = next((item for item in tasks if item[\"id\"] == task_id), None)",
    "    if task:",
    "        task[\"task\"] = request.json[\"task\"]",
    "    return jsonify({\"task\": task})",
    "",
  ].join('\n');

  it('adds a function after one the part re-prints without its last line, keeping that line in its function (it ran on under the new function as dead code)', () => {
    const reply = [
      '```python',
      "@app.route('/tasks/<int:task_id>', methods=['PUT'])",
      'def update_task(task_id):',
      '    task = next((item for item in tasks if item["id"] == task_id), None)',
      '    if task:',
      '        task["task"] = request.json["task"]',
      '',
      "@app.route('/tasks/<int:task_id>', methods=['DELETE'])",
      'def delete_task(task_id):',
      '    task = next((item for item in tasks if item["id"] == task_id), None)',
      '    if task:',
      '        tasks.remove(task)',
      '    return jsonify({}), 204',
      '```',
      '',
    ].join('\n');
    const planned = runReply(reply, (p) => (p === 'app.py' ? app : undefined), { hintPath: 'app.py' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const text = planned.changes[0]?.newText ?? '';
    assert.equal(text, app.trimEnd() + "\n\n@app.route('/tasks/<int:task_id>', methods=['DELETE'])\ndef delete_task(task_id):\n" +
      '    task = next((item for item in tasks if item["id"] == task_id), None)\n    if task:\n        tasks.remove(task)\n    return jsonify({}), 204' + (app.endsWith('\n') ? '\n' : ''));
  });

  it('refuses a statement written after a body the part shows in part: whether the body\'s rest is deleted or kept is a guess', () => {
    const reply = ['```python', 'def update_task(task_id):', '    task = next((item for item in tasks if item["id"] == task_id), None)', '    if task:', '        task["task"] = request.json["task"]', 'print("updated")', '```', ''].join('\n');
    const planned = runReply(reply, (p) => (p === 'app.py' ? app : undefined), { hintPath: 'app.py' });
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('reads "# Rest of get_task" as the function\'s elided rest (the whole file was replaced, three bodies deleted)', () => {
    const reply = "Say we ask GPT-4 to add logs, we may get something like the following\n\napp.py\n```python\nfrom flask import Flask, jsonify, request\n\napp = Flask(__name__)\n\n# Sample data\ntasks = [\n    {\"id\": 1, \"task\": \"Buy milk\"},\n    {\"id\": 2, \"task\": \"Read book\"}\n]\n\n@app.route('/tasks', methods=['GET'])\ndef get_tasks():\n    print(\"Getting tasks\")\n    return jsonify({\"tasks\": tasks})\n\n@app.route('/tasks/<int:task_id>', methods=['GET'])\ndef get_task(task_id):\n    print(f\"Getting task {task_id}\")\n    # Rest of get_task\n\n@app.route('/tasks', methods=['POST'])\ndef create_task():\n    print(\"Creating task\")\n    # Rest of create_task\n\n@app.route('/tasks/<int:task_id>', methods=['PUT'])\ndef update_task(task_id):\n    print(f\"Updating task {task_id}\")\n    # Rest of update_task\n```\n";
    assert.equal(written('app.py', app, reply), "from flask import Flask, jsonify, request\n\napp = Flask(__name__)\n\n# Sample data\ntasks = [\n    {\"id\": 1, \"task\": \"Buy milk\"},\n    {\"id\": 2, \"task\": \"Read book\"}\n]\n\n@app.route('/tasks', methods=['GET'])\ndef get_tasks():\n    print(\"Getting tasks\")\n    return jsonify({\"tasks\": tasks})\n\n@app.route('/tasks/<int:task_id>', methods=['GET'])\ndef get_task(task_id):\n    print(f\"Getting task {task_id}\")\n    task = next((item for item in tasks if item[\"id\"] == task_id), None)\n    return jsonify({\"task\": task})\n\n@app.route('/tasks', methods=['POST'])\ndef create_task():\n    print(\"Creating task\")\n    new_task = {\"id\": len(tasks) + 1, \"task\": request.json[\"task\"]}\n    tasks.append(new_task)\n    return jsonify({\"task\": new_task}), 201\n\n@app.route('/tasks/<int:task_id>', methods=['PUT'])\ndef update_task(task_id):\n    print(f\"Updating task {task_id}\")\n    task = next((item for item in tasks if item[\"id\"] == task_id), None)\n    if task:\n        task[\"task\"] = request.json[\"task\"]\n    return jsonify({\"task\": task})\n");
  });
});

describe('pasted replies: a definition re-printed whole, as a part of the file open', () => {
  // The user's pygame.py from microsoft/vscode-copilot-release#3183, up to its Trolley class.
  const pygame = ['import pygame', 'import sys', '', '# Initialize Pygame', 'pygame.init()', '', '# Colors', 'BLACK = (0, 0, 0)', 'RED = (255, 0, 0)', '', 'class Trolley:', '    def __init__(self, x, y, width, height, speed):', '        self.x = x', '        self.y = y', '        self.width = width', '        self.height = height', '        self.speed = speed', '', '    def move(self, direction):', "        if direction == 'left':", '            self.x -= self.speed', "        elif direction == 'right':", '            self.x += self.speed', '', '    def draw(self, screen):', '        pygame.draw.rect(screen, RED, (self.x, self.y, self.width, self.height))', ''].join('\n');
  const wheels = '        # Wheels\n        pygame.draw.circle(screen, BLACK, (self.x + 10, self.y + self.height), 8)\n        pygame.draw.circle(screen, BLACK, (self.x + self.width - 10, self.y + self.height), 8)\n';

  it('places a class re-printed whole (`class Trolley:`, no parentheses) on the class the file defines once', () => {
    const klass = pygame.slice(pygame.indexOf('class Trolley:')) + wheels;
    const reply = "Here's the updated `Trolley` class. I added wheels in `draw`:\n\n```python\n" + klass + '```\n';
    const planned = runReply(reply, (p) => (p === 'pygame.py' ? pygame : undefined), { hintPath: 'pygame.py' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, pygame + wheels);
  });

  // The user's addBlockType from microsoft/vscode-copilot-release#1479 (Parsedown Extended), in its
  // class, its brace on its own line as PSR-12 puts it.
  const parsedown = ['<?php', '', 'class ParsedownExtended extends Parsedown', '{', '    private function addBlockType($markers, string $funcName): void', '    {', '        $markers = (array) $markers;', '', '        foreach ($markers as $marker) {', '            if (!isset($this->BlockTypes[$marker])) {', '                $this->BlockTypes[$marker] = [];', '            }', '', '            // add to the beginning of the array so it has priority', '            array_unshift($this->BlockTypes[$marker], $funcName);', '        }', '    }', '}', ''].join('\n');
  const method = parsedown.split('\n').slice(4, 17);
  const docblock = ['/**', ' * Registers a block type handler for one or more marker characters.', ' *', ' * @param string|string[] $markers  The marker character(s) that start the block.', ' * @param string          $funcName The name of the block handler method.', ' */'];
  const documented = parsedown.replace('    private function', docblock.map((line) => '    ' + line).join('\n') + '\n    private function');
  const hinted = (block: readonly string[]) => runReply('```php\n' + block.join('\n') + '\n```\n', (p) => (p === 'Parsedown.php' ? parsedown : undefined), { hintPath: 'Parsedown.php' });

  it('places a PHP method whose brace stands on its own line, re-printed with a docblock, at the file\'s depth however it was quoted', () => {
    const dedented = method.map((line) => line.slice(4));
    // At the file's depth; flush left; and copied from the signature's first character on (the
    // signature and docblock at the margin, the rest still in the class).
    for (const [quoted, block] of [['exact', [...docblock.map((line) => '    ' + line), ...method]], ['dedented', [...docblock, ...dedented]], ['first lines dedented', [...docblock, dedented[0], ...method.slice(1)]]] as const) {
      const planned = hinted(block);
      assert.equal(planned.receipt.ok, true, `${quoted}: ${JSON.stringify(planned.receipt.errors, null, 2)}`);
      assert.equal(planned.changes[0]?.newText, documented, quoted);
    }
    const unique = [...dedented.slice(0, 3), '    $markers = array_unique($markers);', ...dedented.slice(3)];
    assert.equal(hinted(unique).changes[0]?.newText, parsedown.replace('(array) $markers;\n', '(array) $markers;\n        $markers = array_unique($markers);\n'));
  });

  it('never writes a method with its docblock under the file\'s name over the whole class file, though it is longer than the file', () => {
    const longer = parsedown.replace('            // add to the beginning', '            // add to specialcharecters array\n            if (!in_array($marker, $this->specialCharacters)) {\n                $this->specialCharacters[] = $marker;\n            }\n\n            // add to the beginning');
    const block = [...docblock.map((line) => '    ' + line), ...longer.split('\n').slice(4, 22)];
    assert.ok(block.length > longer.split('\n').length - 1);
    const planned = result('Parsedown.php', longer, 'Parsedown.php\n```php\n' + block.join('\n') + '\n```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, longer.replace('    private function', docblock.map((line) => '    ' + line).join('\n') + '\n    private function'));
  });
});

describe('pasted replies: a new definition after one whose body an elision keeps', () => {
  it('keeps a Lua function\'s elided body and adds the new, similar function after its `end`', () => {
    // gitsigns.nvim's lua/gitsigns/debounce.lua (its doc comments out).
    const lua = ['local M = {}', '', 'function M.debounce_trailing(ms, fn)', '   local timer = vim.loop.new_timer()', '   return function(...)', '      local argv = { ... }', '      timer:start(ms, 0, function()', '         timer:stop()', '         fn(unpack(argv))', '      end)', '   end', 'end', '', 'function M.throttle_leading(ms, fn)', '   local timer = vim.loop.new_timer()', '   local running = false', '   return function(...)', '      if not running then', '         timer:start(ms, 0, function()', '            running = false', '            timer:stop()', '         end)', '         running = true', '         fn(...)', '      end', '   end', 'end', '', 'function M.throttle_by_id(fn, schedule)', '   local scheduled = {}', '   return function(id, ...)', '      fn(id, ...)', '   end', 'end', '', 'return M', ''].join('\n');
    const added = ['function M.debounce_leading(ms, fn)', '   local timer = vim.loop.new_timer()', '   local pending = false', '   return function(...)', '      if not pending then', '         fn(...)', '      end', '      pending = true', '      timer:start(ms, 0, function()', '         pending = false', '      end)', '   end', 'end', ''];
    const reply = 'lua/gitsigns/debounce.lua\n```lua\nfunction M.throttle_leading(ms, fn)\n   -- ... existing code ...\nend\n\n' + added.join('\n') + '\n-- ... existing code ...\n```\n';
    assert.equal(written('lua/gitsigns/debounce.lua', lua, reply), lua.replace('end\n\nfunction M.throttle_by_id', 'end\n\n' + added.join('\n') + '\nfunction M.throttle_by_id'));
  });

  it('adds a Ruby method after the `end` of the method whose body an elision keeps, above the closers of its class and modules', () => {
    // rubocop's lib/rubocop/cop/style/dir_empty.rb, its pattern and doc comment trimmed.
    const rb = ['# frozen_string_literal: true', '', 'module RuboCop', '  module Cop', '    module Style', '      # Prefer to use `Dir.empty?(\'path/to/dir\')` when checking if a directory is empty.', '      class DirEmpty < Base', '        extend AutoCorrector', '', '        def on_send(node)', '          offensive?(node) do |const_node, arg_node|', '            add_offense(node, message: format(MSG, arg: arg_node.source)) do |corrector|', '              bang(node)', '            end', '          end', '        end', '', '        private', '', '        def bang(node)', '          if (node.method?(:==) && node.child_nodes.first.method?(:!)) ||', '             (node.method?(:>) && !node.child_nodes.first.method?(:!))', "            '!'", '          end', '        end', '      end', '    end', '  end', 'end', ''].join('\n');
    const method = '\n        def dir_node?(node)\n          node.const_type? && node.short_name == :Dir\n        end\n';
    const reply = '```ruby\n# lib/rubocop/cop/style/dir_empty.rb\n# frozen_string_literal: true\n\nmodule RuboCop\n  module Cop\n    module Style\n      # ... existing code ...\n      class DirEmpty < Base\n        # ... existing code ...\n\n        def bang(node)\n          # ... existing code ...\n        end\n' + method + '      end\n    end\n  end\nend\n```\n';
    assert.equal(written('lib/rubocop/cop/style/dir_empty.rb', rb, reply), rb.replace("          end\n        end\n      end\n", "          end\n        end\n" + method + '      end\n'));
  });

  it('takes the blank line under a marker for the elision\'s when the file\'s line it writes first ends code above it (a header\'s `#else`)', () => {
    // SCAR's internal/util.h.
    const header = ['#ifndef SCAR_INTERNAL_UTIL', '#define SCAR_INTERNAL_UTIL', '', '#include <stdio.h>', '', '#ifdef SCAR_TRACE_ERROR', '#define SCAR_ELOG() do { \\', '\tfprintf( \\', '\t\tstderr, "SCAR TRACE ERROR: %s:%d(%s)\\n", \\', '\t\t__FILE__, __LINE__, __func__); \\', '} while (0)', '#define SCAR_ERETURN(ret) do { \\', '\tSCAR_ELOG(); \\', '\treturn (ret); \\', '} while (0)', '#else', '#define SCAR_ELOG() (void)0', '#define SCAR_ERETURN(ret) return (ret)', '#endif', '', '#endif', ''].join('\n');
    const reply = 'src/internal/util.h\n```c\n#ifndef SCAR_INTERNAL_UTIL\n#define SCAR_INTERNAL_UTIL\n\n/* ... existing code ... */\n\n#else\n#define SCAR_ELOG() (void)0\n#define SCAR_ERETURN(ret) return (ret)\n#endif\n\n#define SCAR_UNUSED(x) (void)(x)\n\n#endif\n```\n';
    assert.equal(written('src/internal/util.h', header, reply), header.replace('#endif\n\n#endif\n', '#endif\n\n#define SCAR_UNUSED(x) (void)(x)\n\n#endif\n'));
  });
});

describe('pasted replies: a SWE-bench change written as SEARCH/REPLACE with a stale line', () => {
  // django/contrib/auth/validators.py before django__django-11099.
  const validators = "import re\n\nfrom django.core import validators\nfrom django.core.exceptions import ValidationError\nfrom django.utils.deconstruct import deconstructible\nfrom django.utils.translation import gettext_lazy as _, ngettext\n\n\n@deconstructible\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n        ' numbers, and @/./+/-/_ characters.'\n    )\n    flags = re.ASCII\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n            ' numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UnicodeUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n    flags = 0\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters, ' \n            'numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UsernameMinimumLengthValidator:\n    \"\"\"\n    Validate whether the username is of a minimum length.\n    \"\"\"\n    def __init__(self, min_length=1):\n        self.min_length = min_length\n\n    def __call__(self, username):\n        if self.min_length:\n            if len(username) < self.min_length:\n                raise ValidationError(\n                    ngettext(\n                        'This username is too short. It must contain at least %(min_length)d character.',\n                        'This username is too short. It must contain at least %(min_length)d characters.',\n                        self.min_length,\n                    ),\n                    code='invalid',\n                    params={'min_length': self.min_length},\n                )\n\n    def help_text(self):\n        return ngettext(\n            'Your username must contain at least %(min_length)d character.',\n            'Your username must contain at least %(min_length)d characters.',\n            self.min_length\n        ) % {'min_length': self.min_length}\n";
  const path = 'django/contrib/auth/validators.py';

  it('places a block quoting `class ASCIIUsernameValidator` with a stale message in that class, not in the alike UnicodeUsernameValidator (written there at 92%)', () => {
    const reply = "django/contrib/auth/validators.py\n```python\n<<<<<<< SEARCH\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only English letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n=======\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'\\A[\\w.@+-]+\\Z'\n    message = _(\n        'Enter a valid username. This value may contain only English letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n>>>>>>> REPLACE\n```\n";
    assert.equal(written(path, validators, reply), "import re\n\nfrom django.core import validators\nfrom django.core.exceptions import ValidationError\nfrom django.utils.deconstruct import deconstructible\nfrom django.utils.translation import gettext_lazy as _, ngettext\n\n\n@deconstructible\nclass ASCIIUsernameValidator(validators.RegexValidator):\n    regex = r'\\A[\\w.@+-]+\\Z'\n    message = _(\n        'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n        ' numbers, and @/./+/-/_ characters.'\n    )\n    flags = re.ASCII\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters from the Latin alphabet,'\n            ' numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UnicodeUsernameValidator(validators.RegexValidator):\n    regex = r'^[\\w.@+-]+$'\n    message = _(\n        'Enter a valid username. This value may contain only letters, '\n        'numbers, and @/./+/-/_ characters.'\n    )\n    flags = 0\n\n    def help_text(self):\n        return _(\n            'Enter a valid username. This value may contain only letters, ' \n            'numbers, and @/./+/-/_ characters.'\n        )\n\n\n@deconstructible\nclass UsernameMinimumLengthValidator:\n    \"\"\"\n    Validate whether the username is of a minimum length.\n    \"\"\"\n    def __init__(self, min_length=1):\n        self.min_length = min_length\n\n    def __call__(self, username):\n        if self.min_length:\n            if len(username) < self.min_length:\n                raise ValidationError(\n                    ngettext(\n                        'This username is too short. It must contain at least %(min_length)d character.',\n                        'This username is too short. It must contain at least %(min_length)d characters.',\n                        self.min_length,\n                    ),\n                    code='invalid',\n                    params={'min_length': self.min_length},\n                )\n\n    def help_text(self):\n        return ngettext(\n            'Your username must contain at least %(min_length)d character.',\n            'Your username must contain at least %(min_length)d characters.',\n            self.min_length\n        ) % {'min_length': self.min_length}\n");
  });
});

describe('pasted replies: apply_patch context copied a few columns off above an insertion, exactly below it', () => {
  // The shape of a Codex-family model's patch in a Copilot CLI session (a Lua file's upper context
  // one column deep, its lower context exact, the new function written as the file has it).
  it('writes the added lines as given where the context below them is exact (a return went to the margin, a method into the method above)', () => {
    assert.equal(written('store.py', "import json\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return data\n\n\ndef save(path, data):\n    with open(path, \"w\") as f:\n        f.write(data)\n", "*** Begin Patch\n*** Update File: store.py\n@@\n         with open(path) as f:\n             data = f.read()\n         return data\n+\n+\n+def parse(text):\n+    return json.loads(text)\n \n \n def save(path, data):\n*** End Patch\n"), "import json\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return data\n\n\ndef parse(text):\n    return json.loads(text)\n\n\ndef save(path, data):\n    with open(path, \"w\") as f:\n        f.write(data)\n");
    assert.equal(written('store.py', "import json\n\n\nclass Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n    def save(self, path, data):\n        with open(path, \"w\") as f:\n            f.write(data)\n", "*** Begin Patch\n*** Update File: store.py\n@@\n     with open(path) as f:\n         data = f.read()\n     return data\n \n+    def parse(self, text):\n+        return json.loads(text)\n+\n     def save(self, path, data):\n*** End Patch\n"), "import json\n\n\nclass Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n    def parse(self, text):\n        return json.loads(text)\n\n    def save(self, path, data):\n        with open(path, \"w\") as f:\n            f.write(data)\n");
  });
});

describe('pasted replies: a git hunk dedented by one level, its last context line at the margin (p52/c 42, 43, 46)', () => {
  // matplotlib__matplotlib-25433's agent patch (RepoGraph/Agentless) on lib/matplotlib/widgets.py,
  // trimmed: each hunk's lines moved four columns left, the trailing context `class RangeSlider`
  // (or `def _expand_text_props`) left at column 0, where it cannot move. The changed line took
  // the method's depth, but the two lines added after it took the class line's anchor and went
  // into the class body (`'return' outside function`).
  const file = [
    'class Slider(SliderBase):',
    '    def on_changed(self, func):',
    '        """',
    '        Connect *func* as callback function to changes of the slider value.',
    '',
    '        Returns',
    '        -------',
    '        int',
    '            Connection id (which can be used to disconnect *func*).',
    '        """',
    "        return self._observers.connect('changed', lambda val: func(val))",
    '',
    '',
    'class RangeSlider(SliderBase):',
    '    pass',
    '',
  ].join('\n');
  const path = 'lib/matplotlib/widgets.py';
  const hunk = (header: string) =>
    [
      'diff --git a/lib/matplotlib/widgets.py b/lib/matplotlib/widgets.py',
      'index f12a9a3..13dd03f 100644',
      '--- a/lib/matplotlib/widgets.py',
      '+++ b/lib/matplotlib/widgets.py',
      header,
      '     int',
      '         Connection id (which can be used to disconnect *func*).',
      '     """',
      "-    return self._observers.connect('changed', lambda val: func(val))",
      "+    cid = self._observers.connect('changed', lambda val: func(val))",
      "+    self._observers.process('changed', self.val)  # Ensure the callback is called with the initial value",
      '+    return cid',
      ' ',
      ' ',
      ' class RangeSlider(SliderBase):',
      '',
    ].join('\n');
  const expected = file.replace(
    "        return self._observers.connect('changed', lambda val: func(val))\n",
    "        cid = self._observers.connect('changed', lambda val: func(val))\n        self._observers.process('changed', self.val)  # Ensure the callback is called with the initial value\n        return cid\n",
  );

  it('writes the lines added after the changed line at its depth, not at the column-0 context line\'s', () => {
    assert.equal(written(path, file, hunk('@@ -600,7 +600,9 @@ class Slider(SliderBase):')), expected);
    assert.equal(written(path, file, hunk('@@ -8,7 +8,9 @@')), expected);
  });

  it('still writes lines added after dedented context as given where the context below them is exact at the margin', () => {
    // No changed line above them: the quoted lines above may be the slip and the added ones right.
    const reply = '*** Begin Patch\n*** Update File: store.py\n@@\n     with open(path) as f:\n         data = f.read()\n     return data\n+\n+\n+def parse(text):\n+    return json.loads(text)\n \n \n class Other:\n*** End Patch\n';
    const store = 'class Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n\nclass Other:\n    pass\n';
    assert.equal(written('store.py', store, reply), 'class Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n\ndef parse(text):\n    return json.loads(text)\n\n\nclass Other:\n    pass\n');
  });
});

describe('pasted replies: a hunk whose context stands at the file\'s depth and whose -/+ lines are at column 0 (p52/e 94, 100, 102)', () => {
  // oh-my-pi's adversarial fixture "fuzzy under-indented context can shift indentation", rebuilt in
  // Python (p52/e 100, 102): the context lines are indented as the file has them, the changed lines
  // retyped at the margin. Paired by position, `tag = "sum"` took the anchor of the `for` line and
  // the retyped `for`, left with none, took the exact context below and went to column 0
  // (IndentationError).
  const file = 'def total(values, offset):\n    total = 0\n    for value in values:\n        total += value + offset\n        total += 1\n    return total + 1\n';
  const body = ['@@ -1,6 +1,7 @@', ' def total(values, offset):', '-total = 0', '-for value in values:', '+total = 0', '+tag = "sum"', '+for value in values:', '         total += value + offset', '         total += 1', '     return total + 1'];
  const expected = file.replace('    total = 0\n', '    total = 0\n    tag = "sum"\n');

  it('writes a line the hunk only retypes at the depth of its own quote, as an apply_patch envelope and as a unified diff', () => {
    assert.equal(written('sum.py', file, ['*** Begin Patch', '*** Update File: sum.py', ...body, '*** End Patch', ''].join('\n')), expected);
    assert.equal(written('sum.py', file, ['```diff', '--- a/sum.py', '+++ b/sum.py', ...body, '```', ''].join('\n')), expected);
  });

  it('keeps the retyped line at the file\'s depth in the fixture\'s own TypeScript file', () => {
    // p52/e 94 verbatim: the added line is written two columns deeper than the retyped lines, and
    // keeps that depth relative to them; the unchanged `for` line must not move.
    const ts = 'function sum(values, offset) {\n  let total = 0;\n  for (const value of values) {\n    total += value + offset;\n    total += 1;\n  }\n  return total + 1;\n}\n';
    const reply = ['*** Begin Patch', '*** Update File: under-indent.ts', '@@ -1,6 +1,7 @@', ' function sum(values, offset) {', '-let total = 0;', '-for (const value of values) {', '+let total = 0;', '+  const tag = "sum";', '+for (const value of values) {', '     total += value + offset;', '     total += 1;', '   }', '', '*** End Patch', ''].join('\n');
    const out = written('under-indent.ts', ts, reply);
    assert.equal(out.replace(/^ *const tag = "sum";\n/m, ''), ts);
    assert.match(out, /^  let total = 0;\n +const tag = "sum";\n  for \(const value of values\) \{$/m);
  });
});

describe('pasted replies: a YAML SEARCH/REPLACE whose new list items lost their indentation (p52/b 33, 34)', () => {
  // AndreasDebel/HaaV-CatalogService's docker-compose.yaml (trimmed) and its aider turn "do option
  // 1 for me" (claude-sonnet-4), with the new `environment:` items typed at column 0 in REPLACE
  // only. Written so, they ended the service's mapping and the compose file no longer parsed.
  const compose = [
    'services:',
    '  catalogservice:',
    '    image: andreasdebel/catalogservice-image:2.0.0',
    '    restart: always',
    '    environment:',
    '      - MONGODB_CONNECTION_STRING=mongodb://admin:secret123@mongodb:27017',
    '      - MONGODB_DATABASE_NAME=ProductDB',
    '    ports:',
    '      - 5000:8080',
    '',
    'volumes:',
    '  mongo-data:',
    '',
  ].join('\n');
  const path = 'docker-compose.yaml';
  const changed = compose
    .replace('MONGODB_CONNECTION_STRING=', 'ConnectionStrings__MongoDB=')
    .replace('MONGODB_DATABASE_NAME=', 'MongoDB__DatabaseName=');
  const block = (search: string[], replacement: string[]) => ['docker-compose.yaml', '```yaml', '<<<<<<< SEARCH', ...search, '=======', ...replacement, '>>>>>>> REPLACE', '```', ''].join('\n');
  const oldItems = ['      - MONGODB_CONNECTION_STRING=mongodb://admin:secret123@mongodb:27017', '      - MONGODB_DATABASE_NAME=ProductDB'];
  const newItems = ['- ConnectionStrings__MongoDB=mongodb://admin:secret123@mongodb:27017', '- MongoDB__DatabaseName=ProductDB'];

  it('writes new items at the depth of the items they replace, the block going on below them', () => {
    assert.equal(written(path, compose, block(['    environment:', ...oldItems, '    ports:', '      - 5000:8080'], ['    environment:', ...newItems, '    ports:', '      - 5000:8080'])), changed);
    const onlyItems = result(path, compose, block(oldItems, newItems));
    assert.equal(onlyItems.changes[0]?.newText, changed);
    assert.equal(onlyItems.receipt.files[0].edits[0].reindented, true);
  });

  it('writes lines at the margin as given where the block ends after the lines they replace or hangs from them, and a comment at the margin beside items at their depth', () => {
    // Top-level keys may follow the last items of a block: nothing says these are a slip.
    const tail = 'services:\n  app:\n    ports:\n      - 80:80\nvolumes:\n  data:\n';
    assert.equal(written(path, tail, block(['      - 80:80'], ['      - 80:80', 'networks:', '  default:'])), 'services:\n  app:\n    ports:\n      - 80:80\nnetworks:\n  default:\nvolumes:\n  data:\n');
    // A key whose children follow it, moved to the top level, reads the same as a slip: as given.
    const nested = 'app:\n  name: x\n  extra:\n    a: 1\n';
    assert.equal(written(path, nested, block(['  extra:'], ['extra:'])), 'app:\n  name: x\nextra:\n    a: 1\n');
    // YAML reads a comment at any column: the items say the change was laid out from the file.
    assert.equal(written(path, compose, block(oldItems, ['      - A=1', '# B is set by the host'])), compose.replace(oldItems.join('\n'), '      - A=1\n# B is set by the host'));
  });
});

describe('pasted replies: a docstring elided by words between dots', () => {
  // SymPy's sympy/core/_print_helpers.py (trimmed), and a class re-printed with its docstring
  // body given as `... existing docstring ...` (no comment sign: inside a docstring, one would be
  // text) to add `__slots__`: read as a line of text, it replaced the seven lines of the docstring.
  const file = [
    'class Printable:',
    '    """',
    '    The default implementation of printing for SymPy classes.',
    '',
    '    This implements a hack that allows us to print elements of built-in',
    '    Python containers in a readable way.',
    '',
    '    This also adds support for LaTeX printing in jupyter notebooks.',
    '    """',
    '',
    '    # Note, we always use the default ordering (lex) in __str__ and __repr__,',
    '    # regardless of the global setting. See issue 5487.',
    '    def __str__(self):',
    '        from sympy.printing.str import sstr',
    '        return sstr(self, order=None)',
    '',
    '    __repr__ = __str__',
    '',
  ].join('\n');
  const path = 'sympy/core/_print_helpers.py';

  it('keeps the docstring `... existing docstring ...` stands for and adds only the new lines', () => {
    const reply = [
      'In `sympy/core/_print_helpers.py`:',
      '',
      '```python',
      'class Printable:',
      '    """',
      '    ... existing docstring ...',
      '    """',
      '',
      '    # Since this class is used as a mixin we set empty slots.',
      '    __slots__ = ()',
      '',
      '    # Note, we always use the default ordering (lex) in __str__ and __repr__,',
      '    # regardless of the global setting. See issue 5487.',
      '    def __str__(self):',
      '        # ... existing code ...',
      '```',
    ].join('\n');
    const lines = file.split('\n');
    const expected = [...lines.slice(0, 10), '    # Since this class is used as a mixin we set empty slots.', '    __slots__ = ()', '', ...lines.slice(10)].join('\n');
    assert.equal(written(path, file, reply), expected);
  });
});

describe('pasted replies: an apply_patch input exported as a bare JSON string', () => {
  // GitHub Copilot CLI's session export (Cuantum-Computing-Simulator, shared/interfaces.py,
  // trimmed): the call's arguments printed as one JSON string literal in a ```json fence. It was
  // refused with NO_EDITS_FOUND; wrapped as {"input": …} the same patch applied.
  const path = 'shared/interfaces.py';
  const file = [
    'from pydantic import BaseModel',
    'from typing import Optional',
    '',
    'class CircuitInput(BaseModel):',
    '    initial_state: str',
    '    num_qubits: int',
    '    instructions: list[dict]',
    '    #Check quisquit_buider to understand instructions form',
    '    shots: int ',
    '    num_clbits: int',
    '    #How many experiments you will realize     ',
    '',
  ].join('\n');
  const patch = [
    '*** Begin Patch',
    '*** Update File: shared/interfaces.py',
    '@@',
    '-from pydantic import BaseModel',
    '-from typing import Optional',
    '+from typing import Literal',
    '+from pydantic import BaseModel, Field',
    ' ',
    ' class CircuitInput(BaseModel):',
    '     initial_state: str',
    '-    num_qubits: int',
    '+    num_qubits: int = Field(ge=1)',
    '     instructions: list[dict]',
    '     #Check quisquit_buider to understand instructions form',
    '-    shots: int ',
    '-    num_clbits: int',
    '+    shots: int = Field(ge=1)',
    '+    num_clbits: int = Field(ge=0)',
    '     #How many experiments you will realize     ',
    '*** End Patch',
    '',
  ].join('\n');

  it('decodes the string and applies the patch it holds', () => {
    const reply = ['### ✅ `apply_patch`', '', '<details>', '<summary>Arguments</summary>', '', '```json', JSON.stringify(patch), '```', '', '</details>'].join('\n');
    assert.equal(written(path, file, reply), [
      'from typing import Literal',
      'from pydantic import BaseModel, Field',
      '',
      'class CircuitInput(BaseModel):',
      '    initial_state: str',
      '    num_qubits: int = Field(ge=1)',
      '    instructions: list[dict]',
      '    #Check quisquit_buider to understand instructions form',
      '    shots: int = Field(ge=1)',
      '    num_clbits: int = Field(ge=0)',
      '    #How many experiments you will realize     ',
      '',
    ].join('\n'));
  });
});

describe('pasted replies: a whole file named by its bare name, the target file open', () => {
  // Flask's tutorial template flaskr/templates/base.html, re-printed under 'Full `base.html`:'
  // with that file as the target (--file): a new base.html was created at the root and the
  // template was left as it was.
  const path = 'flaskr/templates/base.html';
  const file = [
    '<!doctype html>',
    '<title>{% block title %}{% endblock %} - Flaskr</title>',
    '<link rel="stylesheet" href="{{ url_for(\'static\', filename=\'style.css\') }}">',
    '<nav>',
    '  <h1><a href="{{ url_for(\'index\') }}">Flaskr</a></h1>',
    '</nav>',
    '<section class="content">',
    '  <header>',
    '    {% block header %}{% endblock %}',
    '  </header>',
    '  {% for message in get_flashed_messages() %}',
    '    <div class="flash">{{ message }}</div>',
    '  {% endfor %}',
    '  {% block content %}{% endblock %}',
    '</section>',
    '',
  ].join('\n');
  const rewritten = file.replace(
    '  {% for message in get_flashed_messages() %}\n    <div class="flash">{{ message }}</div>\n  {% endfor %}\n',
    "  {# flashed messages are rendered by the toast partial #}\n  {% include 'toast.html' %}\n",
  );
  const plan = (content: string) => runReply('Replace the inline flash loop with the toast partial. Full `base.html`:\n\n```html\n' + content + '```\n', (p) => (p === path ? file : undefined), { hintPath: path });

  it('rewrites the target file the block is written again from', () => {
    const planned = plan(rewritten);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.deepEqual(planned.changes.map((c) => [c.path, c.newText]), [[path, rewritten]]);
  });

  it('still creates a file of other content under that name where the reply says', () => {
    const other = '<!doctype html>\n<title>Other</title>\n<p>A new page.</p>\n';
    const planned = plan(other);
    assert.deepEqual(planned.changes.map((c) => c.path), ['base.html']);
  });
});

describe('pasted replies: a whole method under a sentence naming its file, no target file given', () => {
  // Flask's src/flask/config.py (trimmed) and `Config.from_file` gaining `text` (pallets/flask
  // #4992), re-printed whole under "Updated `Config.from_file` in `src/flask/config.py`:": refused
  // with NO_EDITS_FOUND "names no file", while the same block with --file was placed.
  const path = 'src/flask/config.py';
  const file = [
    'import errno',
    'import os',
    'import typing as t',
    '',
    '',
    'class Config(dict):',
    '    def from_object(self, obj: t.Union[object, str]) -> None:',
    '        if isinstance(obj, str):',
    '            obj = import_string(obj)',
    '        for key in dir(obj):',
    '            if key.isupper():',
    '                self[key] = getattr(obj, key)',
    '',
    '    def from_file(',
    '        self,',
    '        filename: str,',
    '        load: t.Callable[[t.IO[t.Any]], t.Mapping],',
    '        silent: bool = False,',
    '    ) -> bool:',
    '        """Update the values in the config from a file."""',
    '        filename = os.path.join(self.root_path, filename)',
    '',
    '        try:',
    '            with open(filename) as f:',
    '                obj = load(f)',
    '        except OSError as e:',
    '            if silent and e.errno in (errno.ENOENT, errno.EISDIR):',
    '                return False',
    '',
    '            e.strerror = f"Unable to load configuration file ({e.strerror})"',
    '            raise',
    '',
    '        return self.from_mapping(obj)',
    '',
    '    def from_mapping(self, mapping=None, **kwargs: t.Any) -> bool:',
    '        mappings: t.Dict[str, t.Any] = {}',
    '        return True',
    '',
  ].join('\n');
  const method = [
    '    def from_file(',
    '        self,',
    '        filename: str,',
    '        load: t.Callable[[t.IO[t.Any]], t.Mapping],',
    '        silent: bool = False,',
    '        text: bool = True,',
    '    ) -> bool:',
    '        """Update the values in the config from a file."""',
    '        filename = os.path.join(self.root_path, filename)',
    '',
    '        try:',
    '            with open(filename, "r" if text else "rb") as f:',
    '                obj = load(f)',
    '        except OSError as e:',
    '            if silent and e.errno in (errno.ENOENT, errno.EISDIR):',
    '                return False',
    '',
    '            e.strerror = f"Unable to load configuration file ({e.strerror})"',
    '            raise',
    '',
    '        return self.from_mapping(obj)',
  ];
  const fenced = (sentence: string, lines: readonly string[]) => `${sentence}\n\n\`\`\`python\n${lines.join('\n')}\n\`\`\`\n`;
  const expected = file
    .replace('        silent: bool = False,\n    ) -> bool:', '        silent: bool = False,\n        text: bool = True,\n    ) -> bool:')
    .replace('with open(filename) as f:', 'with open(filename, "r" if text else "rb") as f:');

  for (const sentence of ['Updated `Config.from_file` in `src/flask/config.py`:', 'Here is the updated method in `src/flask/config.py`:']) {
    it(`places the method in the file "${sentence}" names, as --file would`, () => {
      assert.equal(written(path, file, fenced(sentence, method)), expected);
    });
  }

  it('still refuses a block that defines nothing the named file defines once, saying which file the sentence named', () => {
    const call = ['app.config.from_file("config.toml", load=tomllib.load, text=False)'];
    const planned = result(path, file, fenced('Then call it in `src/flask/config.py`:', call));
    assert.equal(planned.receipt.ok, false);
    assert.deepEqual(planned.changes, []);
    assert.match(planned.receipt.errors[0].message, /sentence above names src\/flask\/config\.py/);
  });

  it('takes no file when the sentences above the blocks name two files', () => {
    const reply = fenced('Updated `from_file` in `src/flask/config.py`:', method) + '\n' + fenced('And in `src/flask/app.py`:', method);
    const planned = runReply(reply, (p) => (p === path || p === 'src/flask/app.py' ? file : undefined));
    assert.equal(planned.receipt.ok, false);
    assert.deepEqual(planned.changes, []);
  });
});

describe('pasted replies: a Makefile rule re-printed whole under a sentence naming the Makefile', () => {
  // jparrill/auriga-cli's Makefile, trimmed to three rules: recipes indented with tabs.
  const makefile = [
    'BINARY    := auriga',
    '.DEFAULT_GOAL := build',
    '',
    '.PHONY: build',
    'build:',
    '\tCGO_ENABLED=0 go build $(LDFLAGS) -o bin/$(BINARY) ./cmd/auriga/',
    '',
    '.PHONY: install',
    'install: build',
    '\t@mkdir -p $(HOME)/bin $(HOME)/.config/auriga',
    '\tcp bin/$(BINARY) $(HOME)/bin/$(BINARY)',
    '\t@if [ ! -f $(HOME)/.config/auriga/config.yaml ]; then \\',
    '\t\tcp config.yaml.example $(HOME)/.config/auriga/config.yaml; \\',
    '\tfi',
    '\t@mkdir -p $(HOME)/.config/auriga/prompts',
    '\t@echo "Prompts synced to $(HOME)/.config/auriga/prompts/"',
    '',
    '.PHONY: help',
    'help:',
    '\t@echo "Targets:"',
    '\t@echo "  build        Build for current platform"',
    '\t@echo "  install      Build + copy to ~/bin/"',
    '\t@echo "  help         Show this help"',
    '',
  ].join('\n');
  const rule = (name: string) => {
    const lines = makefile.split('\n');
    const at = lines.findIndex((line) => line.startsWith(`${name}:`));
    let end = at + 1;
    while (lines[end]?.startsWith('\t')) end++;
    return lines.slice(at, end);
  };
  const fenced = (sentence: string, lines: readonly string[]) => `${sentence}\n\n\`\`\`makefile\n${lines.join('\n')}\n\`\`\`\n`;

  it('places the rule on the one the Makefile has, its recipe given with four spaces written with the file\'s tabs', () => {
    const install = rule('install').map((line) => line.replace(/\t/g, '    ') + (line.endsWith('auriga/prompts') ? ' $(HOME)/.cache/auriga' : ''));
    const planned = result('Makefile', makefile, fenced('Also create the cache directory on install. Updated `install` target in `Makefile`:', install));
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, makefile.replace('auriga/prompts\n', 'auriga/prompts $(HOME)/.cache/auriga\n'));
  });

  it('places the last rule, a line added to its recipe, whether given with tabs or spaces', () => {
    const help = rule('help');
    const added = [...help.slice(0, 4), '\t@echo "  uninstall    Remove ~/bin/auriga"', ...help.slice(4)];
    const expected = makefile.replace('Build + copy to ~/bin/"\n', 'Build + copy to ~/bin/"\n\t@echo "  uninstall    Remove ~/bin/auriga"\n');
    for (const block of [added, added.map((line) => line.replace(/\t/g, '    '))]) {
      assert.equal(written('Makefile', makefile, fenced('List the new target in `help` (`Makefile`):', block)), expected);
    }
  });

  it('reads no variable and no `.PHONY` line as a rule: a block of them stays an illustration', () => {
    const planned = result('Makefile', makefile, fenced('Set the binary name in `Makefile`:', ['.PHONY: build', 'BINARY    := auriga-cli', '\tCGO_ENABLED=0 go build']));
    assert.deepEqual(planned.changes, []);
  });
});

describe('pasted replies: a part cut inside a body, then a new definition (Flask, Laravel, Go outyet)', () => {
  // The last two views of Flask's tutorial blog.py (flaskr/blog.py at 0edad29, its imports kept):
  // update() and delete() end alike (`db = get_db()`, `db.commit()`, `return redirect(…)`).
  const blog = [
    "from flask import Blueprint",
    "from flask import flash",
    "from flask import g",
    "from flask import redirect",
    "from flask import render_template",
    "from flask import request",
    "from flask import url_for",
    "from werkzeug.exceptions import abort",
    "",
    "from flaskr.auth import login_required",
    "from flaskr.db import get_db",
    "",
    "bp = Blueprint(\"blog\", __name__)",
    "",
    "",
    "@bp.route(\"/<int:id_>/update\", methods=(\"GET\", \"POST\"))",
    "@login_required",
    "def update(id_):",
    "    \"\"\"Update a post if the current user is the author.\"\"\"",
    "    post = get_post(id_)",
    "",
    "    if request.method == \"POST\":",
    "        title = request.form[\"title\"]",
    "        body = request.form[\"body\"]",
    "        error = None",
    "",
    "        if not title:",
    "            error = \"Title is required.\"",
    "",
    "        if error is not None:",
    "            flash(error)",
    "        else:",
    "            db = get_db()",
    "            db.execute(",
    "                \"UPDATE post SET title = ?, body = ? WHERE id = ?\", (title, body, id_)",
    "            )",
    "            db.commit()",
    "            return redirect(url_for(\"blog.index\"))",
    "",
    "    return render_template(\"blog/update.html\", post=post)",
    "",
    "",
    "@bp.route(\"/<int:id_>/delete\", methods=(\"POST\",))",
    "@login_required",
    "def delete(id_):",
    "    \"\"\"Delete a post.",
    "",
    "    Ensures that the post exists and that the logged in user is the",
    "    author of the post.",
    "    \"\"\"",
    "    get_post(id_)",
    "    db = get_db()",
    "    db.execute(\"DELETE FROM post WHERE id = ?\", (id_,))",
    "    db.commit()",
    "    return redirect(url_for(\"blog.index\"))",
    "",
  ].join('\n');
  const reply = (lines: readonly string[]) => lines.join('\n') + '\n';
  const onBlog = (lines: readonly string[]) => runReply(reply(lines), (p) => (p === 'flaskr/blog.py' ? blog : undefined), { hintPath: 'flaskr/blog.py' });
  const deleteView = blog.slice(blog.indexOf('def delete(id_):'));
  /** delete()'s signature and docstring, as the file has them. */
  const deleteHead = ['def delete(id_):', '    """Delete a post.', '', '    Ensures that the post exists and that the logged in user is the', '    author of the post.', '    """'];
  /** The new view the replies add: it ends with the same lines as delete(). */
  const archiveView = ['def archive(id_):', '    """Archive a post instead of deleting it."""', '    get_post(id_)', '    db = get_db()', '    db.execute("UPDATE post SET archived = 1 WHERE id = ?", (id_,))', '    db.commit()', '    return redirect(url_for("blog.index"))'];

  it('keeps the body\'s rest in the view shown down to a line inside it, and writes the new view after it, though the new view ends with the same lines as that view', () => {
    const planned = onBlog([
      "Add an archive helper next to delete:",
      "",
      "```python",
      ...deleteHead,
      "    get_post(id_)",
      "    db = get_db()",
      "",
      "",
      ...archiveView,
      "```",
    ]);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const text = planned.changes[0]?.newText ?? '';
    assert.equal(text, blog + '\n\n' + "def archive(id_):\n    \"\"\"Archive a post instead of deleting it.\"\"\"\n    get_post(id_)\n    db = get_db()\n    db.execute(\"UPDATE post SET archived = 1 WHERE id = ?\", (id_,))\n    db.commit()\n    return redirect(url_for(\"blog.index\"))" + '\n');
    assert.ok(text.includes(deleteView), 'delete() keeps its DELETE, commit and redirect');
  });

  it('refuses it when both views are decorated (the new view\'s `@login_required` is the file\'s only one below the head, `def delete` between them in the snippet): reading that decorator as new code made CPython\'s lazy snippets write wrong, so the part stays unplaced', () => {
    const planned = onBlog([
      "Add an archive view next to delete:",
      "",
      "```python",
      "@bp.route(\"/<int:id_>/delete\", methods=(\"POST\",))",
      "@login_required",
      ...deleteHead,
      "    get_post(id_)",
      "    db = get_db()",
      "",
      "",
      "@bp.route(\"/<int:id_>/archive\", methods=(\"POST\",))",
      "@login_required",
      ...archiveView,
      "```",
    ]);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.deepEqual(planned.changes, []);
  });

  it('refuses that reply when the part also edits a line above the new view: which of delete\'s lines the new view takes over is a guess', () => {
    const planned = onBlog([
      "Add an archive helper next to delete:",
      "",
      "```python",
      ...deleteHead,
      "    post = get_post(id_)",
      "    db = get_db()",
      "",
      "",
      ...archiveView,
      "```",
    ]);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /belong to "def delete\(id_\):"/);
  });

  it('keeps a view re-printed whole and split in two by the reply (an extracted function: no line of the view deleted)', () => {
    const planned = onBlog([
      '```python',
      'def delete(id_):',
      '    """Delete a post.',
      '',
      '    Ensures that the post exists and that the logged in user is the',
      '    author of the post.',
      '    """',
      '    get_post(id_)',
      '    _finish(id_)',
      '',
      '',
      'def _finish(id_):',
      '    db = get_db()',
      '    db.execute("DELETE FROM post WHERE id = ?", (id_,))',
      '    db.commit()',
      '    return redirect(url_for("blog.index"))',
      '```',
    ]);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, blog.replace('    get_post(id_)\n    db = get_db()\n    db.execute("DELETE', '    get_post(id_)\n    _finish(id_)\n\n\ndef _finish(id_):\n    db = get_db()\n    db.execute("DELETE'));
  });

  // Flask's src/flask/json/tag.py at 1351d0a, TagTuple to TagUUID.
  const tags = [
    "class TagTuple(JSONTag):",
    "    __slots__ = ()",
    "    key = \" t\"",
    "",
    "    def check(self, value):",
    "        return isinstance(value, tuple)",
    "",
    "    def to_json(self, value):",
    "        return [self.serializer.tag(item) for item in value]",
    "",
    "    def to_python(self, value):",
    "        return tuple(value)",
    "",
    "",
    "class PassList(JSONTag):",
    "    __slots__ = ()",
    "",
    "    def check(self, value):",
    "        return isinstance(value, list)",
    "",
    "    def to_json(self, value):",
    "        return [self.serializer.tag(item) for item in value]",
    "",
    "    tag = to_json",
    "",
    "",
    "class TagBytes(JSONTag):",
    "    __slots__ = ()",
    "    key = \" b\"",
    "",
    "    def check(self, value):",
    "        return isinstance(value, bytes)",
    "",
    "    def to_json(self, value):",
    "        return b64encode(value).decode(\"ascii\")",
    "",
    "    def to_python(self, value):",
    "        return b64decode(value)",
    "",
    "",
    "class TagMarkup(JSONTag):",
    "    \"\"\"Serialize anything matching the :class:`~flask.Markup` API by",
    "    having a ``__html__`` method to the result of that method. Always",
    "    deserializes to an instance of :class:`~flask.Markup`.\"\"\"",
    "",
    "    __slots__ = ()",
    "    key = \" m\"",
    "",
    "    def check(self, value):",
    "        return callable(getattr(value, \"__html__\", None))",
    "",
    "    def to_json(self, value):",
    "        return text_type(value.__html__())",
    "",
    "    def to_python(self, value):",
    "        return Markup(value)",
    "",
    "",
    "class TagUUID(JSONTag):",
    "    __slots__ = ()",
    "    key = \" u\"",
    "",
    "    def check(self, value):",
    "        return isinstance(value, UUID)",
    "",
    "    def to_json(self, value):",
    "        return value.hex",
    "",
    "    def to_python(self, value):",
    "        return UUID(value)",
    "",
    "",
    "class TagDateTime(JSONTag):",
    "    __slots__ = ()",
    "    key = \" d\"",
    "",
    "    def check(self, value):",
    "        return isinstance(value, datetime)",
    "",
    "    def to_json(self, value):",
    "        return http_date(value)",
    "",
    "    def to_python(self, value):",
    "        return parse_date(value)",
    "",
    "",
  ].join('\n');
  const onTags = (lines: readonly string[]) => runReply(reply(lines), (p) => (p === 'flask/json/tag.py' ? tags : undefined), { hintPath: 'flask/json/tag.py' });

  it('writes a top-level function given after a class shown down to one method (and the blank lines after it) below the class, not inside it over its other methods', () => {
    const planned = onTags([
      "Add a module-level helper after `TagBytes`:",
      "",
      "```python",
      "class TagBytes(JSONTag):",
      "    __slots__ = ()",
      "    key = \" b\"",
      "",
      "    def check(self, value):",
      "        return isinstance(value, bytes)",
      "",
      "",
      "def _is_bytes_like(value):",
      "    return isinstance(value, (bytes, bytearray, memoryview))",
      "```",
    ]);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, tags.replace('        return b64decode(value)\n\n\n', '        return b64decode(value)\n\n\ndef _is_bytes_like(value):\n    return isinstance(value, (bytes, bytearray, memoryview))\n\n\n'));
  });

  it('refuses a class shown down to one method then a new method, instead of deleting the methods it leaves out (the new method\'s `return` is no exit of the class)', () => {
    const planned = onTags([
      "Add a `__repr__` to `TagUUID`:",
      "",
      "```python",
      "class TagUUID(JSONTag):",
      "    __slots__ = ()",
      "    key = \" u\"",
      "",
      "    def check(self, value):",
      "        return isinstance(value, UUID)",
      "",
      "    def __repr__(self):",
      "        return \"<TagUUID>\"",
      "```",
    ]);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('writes a new method given after a brace method cut inside its body after that method\'s closing brace (Laravel\'s AggregateServiceProvider.php)', () => {
    const file = [
      "<?php",
      "",
      "namespace Illuminate\\Support;",
      "",
      "class AggregateServiceProvider extends ServiceProvider",
      "{",
      "    /**",
      "     * The provider class names.",
      "     *",
      "     * @var array",
      "     */",
      "    protected $providers = [];",
      "",
      "    /**",
      "     * An array of the service provider instances.",
      "     *",
      "     * @var array",
      "     */",
      "    protected $instances = [];",
      "",
      "    /**",
      "     * Register the service provider.",
      "     *",
      "     * @return void",
      "     */",
      "    public function register()",
      "    {",
      "        $this->instances = [];",
      "",
      "        foreach ($this->providers as $provider) {",
      "            $this->instances[] = $this->app->register($provider);",
      "        }",
      "    }",
      "",
      "    /**",
      "     * Get the services provided by the provider.",
      "     *",
      "     * @return array",
      "     */",
      "    public function provides()",
      "    {",
      "        $provides = [];",
      "",
      "        foreach ($this->providers as $provider) {",
      "            $instance = $this->app->resolveProvider($provider);",
      "            if ($instance->isDeferred()) {",
      "                $provides = array_merge($provides, $instance->provides());",
      "            }",
      "        }",
      "",
      "        return $provides;",
      "    }",
      "}",
      "",
    ].join('\n');
    const planned = runReply(reply([
      "Add a `boot` method after `register`:",
      "",
      "```php",
      "    public function register()",
      "    {",
      "        $this->instances = [];",
      "",
      "    /**",
      "     * Boot the aggregated providers.",
      "     *",
      "     * @return void",
      "     */",
      "    public function boot()",
      "    {",
      "        foreach ($this->instances as $instance) {",
      "            if (method_exists($instance, 'boot')) {",
      "                $this->app->call([$instance, 'boot']);",
      "            }",
      "        }",
      "    }",
      "```",
    ]), (p) => (p === 'AggregateServiceProvider.php' ? file : undefined), { hintPath: 'AggregateServiceProvider.php' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const registerEnd = '            $this->instances[] = $this->app->register($provider);\n        }\n    }\n';
    assert.equal(planned.changes[0]?.newText, file.replace(registerEnd, registerEnd + '\n' + "    /**\n     * Boot the aggregated providers.\n     *\n     * @return void\n     */\n    public function boot()\n    {\n        foreach ($this->instances as $instance) {\n            if (method_exists($instance, 'boot')) {\n                $this->app->call([$instance, 'boot']);\n            }\n        }\n    }" + '\n'));
  });

  it('writes a new Go method with its doc comment after the function the part cuts inside its body (golang/example outyet/main.go)', () => {
    const file = [
      "",
      "// Server implements the outyet server.",
      "// It serves the user interface (it's an http.Handler)",
      "// and polls the remote repository for changes.",
      "type Server struct {",
      "\tversion string",
      "\turl     string",
      "\tperiod  time.Duration",
      "",
      "\tmu  sync.RWMutex // protects the yes variable",
      "\tyes bool",
      "}",
      "",
      "// NewServer returns an initialized outyet server.",
      "func NewServer(version, url string, period time.Duration) *Server {",
      "\ts := &Server{version: version, url: url, period: period}",
      "\tgo s.poll()",
      "\treturn s",
      "}",
      "",
      "// poll polls the change URL for the specified period until the tag exists.",
      "// Then it sets the Server's yes field true and exits.",
      "func (s *Server) poll() {",
      "\tfor !isTagged(s.url) {",
      "\t\tpollSleep(s.period)",
      "\t}",
      "\ts.mu.Lock()",
      "\ts.yes = true",
      "\ts.mu.Unlock()",
      "\tpollDone()",
      "}",
      "",
      "// Hooks that may be overridden for integration tests.",
      "var (",
      "\tpollSleep = time.Sleep",
      "\tpollDone  = func() {}",
      ")",
      "",
      "// isTagged makes an HTTP HEAD request to the given URL and reports whether it",
      "// returned a 200 OK response.",
      "func isTagged(url string) bool {",
      "\tpollCount.Add(1)",
      "\tr, err := http.Head(url)",
      "\tif err != nil {",
      "\t\tlog.Print(err)",
      "\t\tpollError.Set(err.Error())",
      "\t\tpollErrorCount.Add(1)",
    ].join('\n');
    const planned = runReply(reply([
      "Add an accessor after `poll`:",
      "",
      "```go",
      "func (s *Server) poll() {",
      "\tfor !isTagged(s.url) {",
      "\t\tpollSleep(s.period)",
      "\t}",
      "",
      "// Yes reports whether the version has been tagged.",
      "func (s *Server) Yes() bool {",
      "\ts.mu.RLock()",
      "\tdefer s.mu.RUnlock()",
      "\treturn s.yes",
      "}",
      "```",
    ]), (p) => (p === 'outyet/main.go' ? file : undefined), { hintPath: 'outyet/main.go' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, file.replace('\tpollDone()\n}\n', '\tpollDone()\n}\n\n' + "// Yes reports whether the version has been tagged.\nfunc (s *Server) Yes() bool {\n\ts.mu.RLock()\n\tdefer s.mu.RUnlock()\n\treturn s.yes\n}" + '\n'));
  });
});

describe('pasted replies: a step added at the end of a workflow job, a comment deeper than the next job below it', () => {
  // ripgrep's .github/workflows/ci.yml around the end of its test job (trimmed).
  const ci = [
    'jobs:',
    '  test:',
    '    runs-on: ${{ matrix.os }}',
    '    steps:',
    '    - name: Checkout repository',
    '      uses: actions/checkout@v4',
    '',
    '    - name: Print available short flags',
    '      shell: bash',
    '      run: cargo test --bin rg flags::defs::tests::available_shorts -- --nocapture',
    '',
    '     # Setup and compile on the wasm32-wasi target',
    '  wasm:',
    '    runs-on: ubuntu-latest',
    '',
  ].join('\n');

  it('adds the step after the job\'s last step: the comment below is no line of that step\'s block (refused as cutting a block)', () => {
    const reply = ['In `.github/workflows/ci.yml`:', '', '```yaml', '  test:', '    # ... existing config ...', '    steps:', '    # ... existing steps ...', '', '    - name: Print available short flags', '      shell: bash', '      run: cargo test --bin rg flags::defs::tests::available_shorts -- --nocapture', '', '    - name: Upload rg binary', '      uses: actions/upload-artifact@v4', '```', ''].join('\n');
    const text = written('.github/workflows/ci.yml', ci, reply);
    assert.ok(text.includes('--nocapture\n\n    - name: Upload rg binary\n      uses: actions/upload-artifact@v4\n'), text);
    assert.ok(text.endsWith('     # Setup and compile on the wasm32-wasi target\n  wasm:\n    runs-on: ubuntu-latest\n'), text);
  });
});

describe('pasted replies: a Ruby method without parentheses re-printed under the target file', () => {
  // rails/rails actionmailbox's Conductor InboundEmailsController (07d2fa0): `def new` and `def show`
  // take no parameters and are written without parentheses, as Rails controllers' actions are.
  // Read as no definition, the re-printed method was NO_EDITS_FOUND with the controller open.
  const path = 'app/controllers/rails/conductor/action_mailbox/inbound_emails_controller.rb';
  const file = [
    "# frozen_string_literal: true",
    "",
    "module Rails",
    "  class Conductor::ActionMailbox::InboundEmailsController < Rails::Conductor::BaseController",
    "    rescue_from ActiveRecord::StatementInvalid, with: :setup_instruction_warning",
    "",
    "    def index",
    "      @inbound_emails = ActionMailbox::InboundEmail.order(created_at: :desc)",
    "    end",
    "",
    "    def new",
    "    end",
    "",
    "    def show",
    "      @inbound_email = ActionMailbox::InboundEmail.find(params[:id])",
    "    end",
    "",
    "    def create",
    "      inbound_email = create_inbound_email(new_mail)",
    "      redirect_to main_app.rails_conductor_inbound_email_url(inbound_email)",
    "    end",
    "",
    "    private",
    "      def setup_instruction_warning",
    "        render plain: \"Please follow the setup instructions for Action Mailbox\"",
    "      end",
    "",
    "      def new_mail",
    "        Mail.new(params.require(:mail).permit(:from, :to, :cc, :bcc, :in_reply_to, :subject, :body).to_h).tap do |mail|",
    "          params[:mail][:attachments].to_a.each do |attachment|",
    "            mail.add_file(filename: attachment.path, content: attachment.read)",
    "          end",
    "        end",
    "      end",
    "",
    "      def create_inbound_email(mail)",
    "        ActionMailbox::InboundEmail.create_and_extract_message_id!(mail.to_s)",
    "      end",
    "  end",
    "end",
    "",
  ].join('\n');
  const plan = (reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });

  it('replaces `def show` whole where the file defines it', () => {
    const planned = plan(['```ruby', '    def show', '      @inbound_email = ActionMailbox::InboundEmail.find(params[:id])', '      @message = @inbound_email.mail', '    end', '```', ''].join('\n'));
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, file.replace('find(params[:id])\n    end\n', 'find(params[:id])\n      @message = @inbound_email.mail\n    end\n'));
  });

  it('fills the empty `def new` stub: the block repeats its signature exactly', () => {
    const planned = plan(['```ruby', '    def new', '      @mail = Mail.new(to: params[:to])', '    end', '```', ''].join('\n'));
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, file.replace('    def new\n    end\n', '    def new\n      @mail = Mail.new(to: params[:to])\n    end\n'));
  });
});

describe('pasted replies: a reply that corrects its own block with the same SEARCH (requests\' structures.py)', () => {
  // psf/requests src/requests/structures.py, CaseInsensitiveDict from __iter__ to lower_items.
  const structures = [
    'class CaseInsensitiveDict(MutableMapping[str, _VT], Generic[_VT]):',
    '    def __iter__(self) -> Iterator[str]:',
    '        return (casedkey for casedkey, _ in self._store.values())',
    '',
    '    def __len__(self) -> int:',
    '        return len(self._store)',
    '',
    '    def lower_items(self) -> Iterator[tuple[str, _VT]]:',
    '        """Like iteritems(), but with all lowercase keys."""',
    '        return ((lowerkey, keyval[1]) for (lowerkey, keyval) in self._store.items())',
    '',
  ].join('\n');
  const path = 'src/requests/structures.py';
  const anchor = '    def __len__(self) -> int:\n        return len(self._store)\n';
  const block = (search: string, replacement: string) => `${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search}=======\n${replacement}>>>>>>> REPLACE\n\`\`\`\n`;
  const insertion = (method: string) => block(anchor, `${anchor}\n${method}`);
  const unguarded = '    def __contains__(self, key: object) -> bool:\n        return key.lower() in self._store\n';
  const guarded = '    def __contains__(self, key: object) -> bool:\n        return isinstance(key, str) and key.lower() in self._store\n';

  it('refuses a corrected insertion with the same SEARCH, naming both blocks: both versions were written, the retracted one last (it wins in a class body)', () => {
    const reply = `${insertion(unguarded)}\nWait, that breaks for non-string keys. Here is the corrected version of the block:\n\n${insertion(guarded)}`;
    const planned = result(path, structures, reply);
    assert.equal(planned.changes.length, 0);
    const error = planned.receipt.errors[0];
    assert.equal(error?.code, 'OVERLAPPING_EDITS');
    assert.equal(error?.block, 2);
    assert.match(error?.message ?? '', /blocks 1 and 2 .*both define `def __contains__`/);
    assert.match(error?.nextStep ?? '', /only one of blocks 1 and 2/);
    // A longer "Updated block" (a docstring and a guard) is a version of the same method too.
    const longer = '    def __contains__(self, key: object) -> bool:\n        """Case-insensitive membership test."""\n        if not isinstance(key, str):\n            return False\n        return key.lower() in self._store\n';
    assert.equal(result(path, structures, `${insertion(unguarded)}\nHmm, I should handle non-string keys. Updated block:\n\n${insertion(longer)}`).receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
    // The same pair as two Claude Code Edit calls.
    const call = (method: string) => '```json\n' + JSON.stringify({ type: 'tool_use', name: 'Edit', input: { file_path: path, old_string: anchor.trimEnd(), new_string: `${anchor}\n${method.trimEnd()}` } }) + '\n```\n';
    assert.equal(result(path, structures, `${call(unguarded)}\nCorrected call:\n\n${call(guarded)}`).receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
  });

  it('still applies two different insertions after one anchor in turn, and the same block twice once', () => {
    const clear = '    def clear(self) -> None:\n        self._store.clear()\n';
    assert.equal(written(path, structures, insertion(unguarded) + insertion(clear)), structures.replace(anchor, `${anchor}\n${clear}\n${unguarded}`));
    assert.equal(written(path, structures, insertion(guarded) + insertion(guarded)), structures.replace(anchor, `${anchor}\n${guarded}`));
    // Two imports added under one line, both meant: each block's lines are written.
    const imports = 'import os\n\nprint(os.getcwd())\n';
    const add = (line: string) => `main.py\n\`\`\`python\n<<<<<<< SEARCH\nimport os\n=======\nimport os\n${line}\n>>>>>>> REPLACE\n\`\`\`\n`;
    assert.equal(written('main.py', imports, add('import sys') + add('import re')), 'import os\nimport re\nimport sys\n\nprint(os.getcwd())\n');
  });

  it('names the block a corrected replacement clashes with ("Actually, change that to…")', () => {
    const repr = '    def __repr__(self) -> str:\n        return str(dict(self.items()))\n';
    const file = `${structures}\n${repr}`;
    const reply = `${block(repr, repr.replace('str(dict', 'repr(dict'))}\nActually, change that to show the class name:\n\n${block(repr, repr.replace('str(dict(self.items()))', 'f"CaseInsensitiveDict({dict(self.items())!r})"'))}`;
    const planned = result(path, file, reply);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /only where block 1 of this reply already changes it/);
    assert.match(planned.receipt.errors[0]?.nextStep ?? '', /If block 2 is a corrected version of block 1, re-send the reply with only the version meant/);
  });
});

describe('pasted replies: a Haskell snippet elided with block comments', () => {
  // xmonad's tests/Properties/Layout/Tall.hs (@69c5dae), its message properties; the reply is the
  // hlint clean-up (@45a8913: brackets around `SomeMessage …` taken out) written as a snippet with
  // `{- ... -}` markers, at the top, the bottom and inside two bodies.
  const tall = [
    "-- Test message handling of Tall",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_shrink_tall (NonNegative n) (Positive delta) (NonNegative frac) =",
    "        n == n' && delta == delta' -- these state components are unchanged",
    "    && frac' <= frac  && (if frac' < frac then frac' == 0 || frac' == frac - delta",
    "                                          else frac == 0 )",
    "        -- remaining fraction should shrink",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` (SomeMessage Shrink)",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_expand_tall (NonNegative n)",
    "                 (Positive delta)",
    "                 (NonNegative n1)",
    "                 (Positive d1) =",
    "",
    "       n == n'",
    "    && delta == delta' -- these state components are unchanged",
    "    && frac' >= frac",
    "    && (if frac' > frac",
    "           then frac' == 1 || frac' == frac + delta",
    "           else frac == 1 )",
    "",
    "        -- remaining fraction should shrink",
    "    where",
    "         frac                 = min 1 (n1 % d1)",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` (SomeMessage Expand)",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "-- what happens when we send an IncMaster message to Tall",
    "prop_incmaster_tall (NonNegative n) (Positive delta) (NonNegative frac)",
    "                    (NonNegative k) =",
    "       delta == delta'  && frac == frac' && n' == n + k",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` (SomeMessage (IncMasterN k))",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "",
    "",
    "     --   toMessage LT = SomeMessage Shrink",
    "     --   toMessage EQ = SomeMessage Expand",
    "     --   toMessage GT = SomeMessage (IncMasterN 1)",
    "",
    "",
    "prop_desc_mirror n r1 r2 = description (Mirror $! t) == \"Mirror Tall\"",
    "    where t = Tall n r1 r2",
  ].join('\n');
  const path = 'tests/Properties/Layout/Tall.hs';
  const snippet = [
    "{- ... -}",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_shrink_tall (NonNegative n) (Positive delta) (NonNegative frac) =",
    "    {- ... unchanged ... -}",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` SomeMessage Shrink",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_expand_tall (NonNegative n)",
    "    {- ... unchanged ... -}",
    "    where",
    "         frac                 = min 1 (n1 % d1)",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` SomeMessage Expand",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "-- what happens when we send an IncMaster message to Tall",
    "prop_incmaster_tall (NonNegative n) (Positive delta) (NonNegative frac)",
    "                    (NonNegative k) =",
    "       delta == delta'  && frac == frac' && n' == n + k",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` SomeMessage (IncMasterN k)",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "{- ... -}",
  ];

  it('fills {- ... -} and {- ... existing code ... -} markers from the file as it fills -- ... ones (both were NO_EDITS_FOUND)', () => {
    const cleaned = tall.replace('(SomeMessage Shrink)', 'SomeMessage Shrink').replace('(SomeMessage Expand)', 'SomeMessage Expand').replace('(SomeMessage (IncMasterN k))', 'SomeMessage (IncMasterN k)');
    for (const marker of ['{- ... -}', '{- ... existing code ... -}']) {
      const reply = '```haskell\n' + snippet.map((line) => line.replace(/\{- \.\.\. (?:unchanged \.\.\. )?-\}/, marker)).join('\n') + '\n```\n';
      const planned = runReply(reply, (p) => (p === path ? tall : undefined), { hintPath: path });
      assert.equal(planned.receipt.ok, true, `${marker}: ${JSON.stringify(planned.receipt.errors, null, 2)}`);
      assert.equal(planned.changes[0]?.newText, cleaned, marker);
    }
  });
});

describe('pasted replies: a Lisp form or a Haskell function re-printed whole, the file open', () => {
  // weavejester/compojure src/compojure/coercions.clj (@0042d36), where `as-uuid` is about to take `when`.
  const coercions = [
    "(ns compojure.coercions",
    "  \"Functions for coercing route parameters into different types.\")",
    "",
    "(defn as-int",
    "  \"Parse a string into an integer, or `nil` if the string cannot be parsed.\"",
    "  [s]",
    "  (try",
    "    (Long/parseLong s)",
    "    (catch NumberFormatException _ nil)))",
    "",
    "(def ^:private uuid-pattern",
    "  #\"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\")",
    "",
    "(defn as-uuid",
    "  \"Parse a string into a UUID, or `nil` if the string cannot be parsed.\"",
    "  [s]",
    "  (if (re-matches uuid-pattern s)",
    "    (try",
    "      (java.util.UUID/fromString s)",
    "      (catch IllegalArgumentException _ nil))))",
  ].join('\n') + '\n';
  const cljPath = 'src/compojure/coercions.clj';
  const hinted = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
  const asUuid = coercions.slice(coercions.indexOf('(defn as-uuid'));

  it('writes a `(defn as-uuid` re-printed whole over the one the file has (its name comes after the parenthesis: NO_EDITS_FOUND)', () => {
    const reply = 'Use `when` since there is no else branch:\n\n```clojure\n' + asUuid.replace('(if (re-matches', '(when (re-matches') + '```\n';
    const planned = hinted(cljPath, coercions, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, coercions.replace('(if (re-matches', '(when (re-matches'));
  });

  it('writes a form whose body is rewritten through and through over the old body, never beside it', () => {
    const rewritten = '(defn as-uuid\n  "Parse a string into a UUID, or `nil` if the string cannot be parsed."\n  [s]\n  (some-> (re-matches uuid-pattern s)\n          parse-uuid))\n';
    const planned = hinted(cljPath, coercions, '```clojure\n' + rewritten + '```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, coercions.replace(asUuid, rewritten));
  });

  it('takes no form that goes on after its closing bracket, or stops before it', () => {
    const unclosed = asUuid.replace('(catch IllegalArgumentException _ nil))))', '(catch IllegalArgumentException _ nil))').replace('(if (re-matches', '(when (re-matches');
    const goesOn = asUuid.replace('(if (re-matches', '(when (re-matches') + '\n(as-uuid "not-a-uuid")\n';
    for (const block of [unclosed, goesOn]) assert.equal(hinted(cljPath, coercions, '```clojure\n' + block + '```\n').changes.length, 0, block);
  });

  // xmonad tests/Properties/Layout/Tall.hs (@69c5dae) from its Tall section to prop_split_vertical;
  // the reply is the hlint clean-up of prop_split_horizontal (@45a8913), the function re-printed.
  const tall = [
    "------------------------------------------------------------------------",
    "-- The Tall layout",
    "",
    "-- 1 window should always be tiled fullscreen",
    "prop_tile_fullscreen rect = tile pct rect 1 1 == [rect]",
    "    where pct = 1/2",
    "",
    "-- multiple windows",
    "prop_tile_non_overlap rect windows nmaster = noOverlaps (tile pct rect nmaster windows)",
    "  where _ = rect :: Rectangle",
    "        pct = 3 % 100",
    "",
    "-- splitting horizontally yields sensible results",
    "prop_split_horizontal (NonNegative n) x =",
    "      (noOverflows (+) (rect_x x) (rect_width x)) ==>",
    "        sum (map rect_width xs) == rect_width x",
    "     &&",
    "        all (== rect_height x) (map rect_height xs)",
    "     &&",
    "        (map rect_x xs) == (sort $ map rect_x xs)",
    "",
    "    where",
    "        xs = splitHorizontally n x",
    "",
    "-- splitting vertically yields sensible results",
    "prop_split_vertical (r :: Rational) x =",
    "        rect_x x == rect_x a && rect_x x == rect_x b",
    "      &&",
    "        rect_width x == rect_width a && rect_width x == rect_width b",
    "    where",
    "        (a,b) = splitVerticallyBy r x",
    "",
  ].join('\n') + '\n';
  const hsPath = 'tests/Properties/Layout/Tall.hs';
  const property = [
    "-- splitting horizontally yields sensible results",
    "prop_split_horizontal (NonNegative n) x =",
    "      noOverflows (+) (rect_x x) (rect_width x) ==>",
    "        sum (map rect_width xs) == rect_width x",
    "     &&",
    "        all (\\s -> rect_height s == rect_height x) xs",
    "     &&",
    "        map rect_x xs == sort (map rect_x xs)",
    "",
    "    where",
    "        xs = splitHorizontally n x",
  ];

  it('writes a Haskell function re-printed whole (an equation: `name args =`, no parenthesis after the name) over the one the file has', () => {
    const planned = hinted(hsPath, tall, 'Here is the updated property:\n\n```haskell\n' + property.join('\n') + '\n```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    const cleaned = tall
      .replace('(noOverflows (+) (rect_x x) (rect_width x)) ==>', 'noOverflows (+) (rect_x x) (rect_width x) ==>')
      .replace('all (== rect_height x) (map rect_height xs)', 'all (\\s -> rect_height s == rect_height x) xs')
      .replace('(map rect_x xs) == (sort $ map rect_x xs)', 'map rect_x xs == sort (map rect_x xs)');
    assert.equal(planned.changes[0]?.newText, cleaned);
  });

  it('takes a Haskell function cut short as the lines it re-prints, never as the whole function (the rest of it is kept)', () => {
    const planned = hinted(hsPath, tall, '```haskell\n' + property.slice(0, 4).join('\n') + '\n```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, tall.replace('      (noOverflows (+) (rect_x x) (rect_width x)) ==>', '      noOverflows (+) (rect_x x) (rect_width x) ==>'));
  });

  it('reads a signature and the equations under it as one function: it is placed whole, the signature\'s equations with it', () => {
    const file = 'module Fact where\n\n-- | factorial\nfact :: Integer -> Integer\nfact 0 = 1\nfact n =\n    n * fact (n - 1)\n\nmain :: IO ()\nmain = print (fact 5)\n';
    const block = 'fact :: Integer -> Integer\nfact 0 = 1\nfact n =\n    n * fact (pred n)\n';
    const planned = hinted('src/Fact.hs', file, '```haskell\n' + block + '```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, file.replace('fact (n - 1)', 'fact (pred n)'));
  });
});

describe('pasted replies: a whole file re-printed under the target file, its last line changed or a Markdown section named Usage (pi-fast-apply S06, S07)', () => {
  const hinted = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
  // pi-fast-apply's Morph scenario S06: a Python loader given a try/except, the file re-printed.
  const config = "import json\n\ndef load_config(path):\n    with open(path) as fh:\n        return json.load(fh)\n";
  const guarded = "import json\n\ndef load_config(path):\n    try:\n        with open(path) as fh:\n            return json.load(fh)\n    except FileNotFoundError as exc:\n        raise RuntimeError(f'Config not found: {path}') from exc\n";

  it('takes a block that writes new lines only below the file\'s last line (and above its first) as the whole file (NO_EDITS_FOUND)', () => {
    const planned = hinted('config.py', config, '```python\n' + guarded + '```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, guarded);
    const imported = 'import os\n' + guarded;
    assert.equal(hinted('config.py', config, '```python\n' + imported + '```\n').changes[0]?.newText, imported);
  });

  it('never takes the top of a file, or a part holding the file\'s last line among other lines, as the whole file', () => {
    const file = "import json\nimport os\n\n\ndef load_config(path):\n    with open(path) as fh:\n        return json.load(fh)\n\n\ndef save_config(path, data):\n    with open(path, 'w') as fh:\n        json.dump(data, fh)\n\n\ndef main():\n    print(load_config(os.environ['CONFIG']))\n";
    // The file's first lines and one function, then a new one: the rest of the file is not shown.
    const top = "import json\nimport os\n\n\ndef load_config(path):\n    with open(path) as fh:\n        return json.load(fh)\n\n\ndef load_default():\n    return load_config('default.json')\n";
    // The file's last line inside new code, with few of the file's other lines.
    const moved = "import json\n\ndef run():\n    print(load_config(os.environ['CONFIG']))\n    print('done')\n";
    // The top is a part of the file (a function added after load_config), never the file whole.
    const placed = hinted('config.py', file, '```python\n' + top + '```\n');
    assert.equal(placed.receipt.ok, true, JSON.stringify(placed.receipt.errors, null, 2));
    const text = placed.changes[0]?.newText ?? '';
    assert.ok(text.includes("def load_default():\n    return load_config('default.json')\n") && text.includes('def save_config(path, data):') && text.endsWith("def main():\n    print(load_config(os.environ['CONFIG']))\n"), text);
    const planned = hinted('config.py', file, '```python\n' + moved + '```\n');
    assert.deepEqual(planned.receipt.errors.map((error) => error.code), ['NO_EDITS_FOUND'], moved);
  });

  // S07: a README given a Troubleshooting section, re-printed whole; its last section is "## Usage".
  const readme = '# Tool\n\n## Install\n\nRun pnpm install.\n\n## Usage\n\nRun pnpm dev.\n';
  const troubleshooting = readme.replace('## Usage', '## Troubleshooting\n\nIf install fails, run pnpm install --force and retry.\n\n## Usage');

  it('keeps a Markdown block\'s "## Usage" section: a heading of the document, not an example of use after the code (the README lost it and was refused)', () => {
    const planned = hinted('README.md', readme, '```markdown\n' + troubleshooting + '```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, troubleshooting);
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

describe('pasted replies: a marker, then a method\'s last line given one more argument (Mastodon\'s domain blocks controller)', () => {
  // mastodon app/controllers/api/v1/admin/domain_blocks_controller.rb (0486db9, its top): `update`
  // re-printed down to a marker, then its `render` with `, status: 200` added. Once `def update`
  // read as a definition, the new `render` went in beside the old one (the action rendered twice).
  const path = 'app/controllers/api/v1/admin/domain_blocks_controller.rb';
  const file = [
    "class Api::V1::Admin::DomainBlocksController < Api::BaseController",
    "  include Authorization",
    "  include AccountableConcern",
    "",
    "  LIMIT = 100",
    "",
    "  before_action -> { authorize_if_got_token! :'admin:read', :'admin:read:domain_blocks' }, only: [:index, :show]",
    "  before_action -> { authorize_if_got_token! :'admin:write', :'admin:write:domain_blocks' }, except: [:index, :show]",
    "  before_action :set_domain_blocks, only: :index",
    "  before_action :set_domain_block, only: [:show, :update, :destroy]",
    "",
    "  after_action :verify_authorized",
    "  after_action :insert_pagination_headers, only: :index",
    "",
    "  PAGINATION_PARAMS = %i(limit).freeze",
    "",
    "  def create",
    "    authorize :domain_block, :create?",
    "",
    "    existing_domain_block = resource_params[:domain].present? ? DomainBlock.rule_for(resource_params[:domain]) : nil",
    "    return render json: existing_domain_block, serializer: REST::Admin::ExistingDomainBlockErrorSerializer, status: 422 if existing_domain_block.present?",
    "",
    "    @domain_block = DomainBlock.create!(resource_params)",
    "    DomainBlockWorker.perform_async(@domain_block.id)",
    "    log_action :create, @domain_block",
    "    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def index",
    "    authorize :domain_block, :index?",
    "    render json: @domain_blocks, each_serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def show",
    "    authorize @domain_block, :show?",
    "    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def update",
    "    authorize @domain_block, :update?",
    "    @domain_block.update!(domain_block_params)",
    "    DomainBlockWorker.perform_async(@domain_block.id, @domain_block.severity_previously_changed?)",
    "    log_action :update, @domain_block",
    "    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def destroy",
    "    authorize @domain_block, :destroy?",
    "    UnblockDomainService.new.call(@domain_block)",
    "    log_action :destroy, @domain_block",
    "    render_empty",
    "  end",
    "",
    "  private",
    "",
    "  def set_domain_blocks",
    "    @domain_blocks = filtered_domain_blocks.order(id: :desc).to_a_paginated_by_id(limit_param(LIMIT), params_slice(:max_id, :since_id, :min_id))",
    "  end",
    "",
    "  def set_domain_block"
  ].join('\n');

  it('replaces the `render` the new line adds an argument to, never writes it beside it', () => {
    const planned = runReply('Return 200 explicitly from update:\n\n```ruby\n  def update\n    authorize @domain_block, :update?\n    @domain_block.update!(domain_block_params)\n    # ... existing code ...\n    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer, status: 200\n  end\n```\n', (p) => (p === path ? file : undefined), { hintPath: path });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const old = '    log_action :update, @domain_block\n    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer\n';
    assert.equal(planned.changes[0]?.newText, file.replace(old, old.replace('DomainBlockSerializer\n', 'DomainBlockSerializer, status: 200\n')));
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

describe('pasted replies: a whole file named after the folder the same reply fills (seniales\' "Nuevo directorio de tests")', () => {
  // Blizard32/seniales' aider chat (qwen3, whole format): beside the tests it creates under
  // seniales/test/, the reply gives `seniales/test` itself a whole-file block, three comment lines
  // describing the folder. Aider failed on it (Permission denied); planned file by file, the
  // reply was "ready", and the write failed half-way with a misleading OUT_OF_DATE.
  const runTests = 'Archivo para ejecutar todos los tests:\nseniales/test/RunTests.py\n````\n# Ejecutor de tests para la librería seniales\nimport os\n\nif __name__ == "__main__":\n    run_tests()\n````\n';
  const folderNote = 'Nuevo directorio de tests:\nseniales/test\n````\n# Directorio de tests para la librería seniales\n# Contiene archivos de prueba para cada función principal\n# Ejecute RunTests.py para correr todos los tests\n````\n';
  const plotting = 'Nuevo archivo de prueba para funciones de graficado:\nseniales/test/test_plotting.py\n````\n# Test para funciones de graficación\nimport numpy as np\n````\n';
  const files: Record<string, string> = { 'seniales/__init__.py': '' };
  const read = (path: string) => files[path];

  it('refuses, before any write, a reply that makes one path both a file and a folder, whatever block comes first, naming both', () => {
    for (const reply of [`${runTests}\n${folderNote}\n${plotting}`, `${folderNote}\n${runTests}\n${plotting}`]) {
      const planned = runReply(reply, read);
      assert.equal(planned.receipt.ok, false);
      assert.equal(planned.changes.length, 0, JSON.stringify(planned.changes.map((c) => c.path)));
      const errors = planned.receipt.errors;
      assert.deepEqual(errors.map((e) => [e.code, e.path]).sort(), [['NOT_A_FILE', 'seniales/test'], ['NOT_A_FILE', 'seniales/test/RunTests.py'], ['NOT_A_FILE', 'seniales/test/test_plotting.py']]);
      const onFile = errors.find((e) => e.path === 'seniales/test');
      assert.match(onFile?.message ?? '', /writes seniales\/test as a file, and also files inside a folder of that name \(seniales\/test\/RunTests\.py and seniales\/test\/test_plotting\.py\)/);
      assert.match(onFile?.nextStep ?? '', /Say which one is meant/);
      assert.match(errors.find((e) => e.path === 'seniales/test/RunTests.py')?.message ?? '', /inside seniales\/test, which block \d of this reply writes as a file/);
    }
  });

  it('fails only what the reply puts inside a file that exists and stays, and lets a file it deletes give way to a folder', () => {
    const existing: Record<string, string> = { ...files, 'seniales/test': '# notes\n' };
    const planned = runReply(`${runTests}\n${folderNote}`, (path) => existing[path]);
    assert.deepEqual(planned.receipt.errors.map((e) => [e.code, e.path]), [['NOT_A_FILE', 'seniales/test/RunTests.py']]);
    assert.match(planned.receipt.errors[0].message, /inside seniales\/test, a file this reply keeps/);
    const replaced = '*** Begin Patch\n*** Delete File: seniales/test\n*** Add File: seniales/test/RunTests.py\n+import os\n*** End Patch\n';
    assert.equal(runReply(replaced, (path) => existing[path]).receipt.ok, true);
    // Files side by side whose names only start alike are no clash.
    assert.equal(runReply('seniales/test.py\n````\nx = 1\n````\n\nseniales/test/RunTests.py\n````\nimport os\n````\n', read).receipt.ok, true);
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

describe('pasted replies: batch and PowerShell scripts in the fences models tag them with (p48/c 46, 47, 51, 13)', () => {
  // A React build-and-zip .bat (CRLF, no final newline), its first 19 lines.
  const bat = [
    '@echo off', 'setlocal enabledelayedexpansion', '', 'set react_path=react\\firemap', 'set build_folder=build', 'set zip_prefix=build_', '',
    ':: Navigate to the React project directory', 'cd %react_path%', '', ':: Run the build command (replace this with your actual build command)', 'call npm run build', '',
    ':: Check if the build command was successful before proceeding', 'if %errorlevel% neq 0 (', '    echo Error: npm build failed.', '    pause', '    exit /b 1', ')',
  ];
  const batFile = bat.join('\r\n');
  const withPopd = [...bat.slice(0, 17), '    popd', ...bat.slice(17)];
  const wholeIn = (tag: string, name = 'build.bat') => `Here is the updated \`${name}\`:\n\n\`\`\`${tag}\n${withPopd.join('\n')}\n\`\`\`\n`;

  it('writes a whole .bat presented in a ```bat, ```batch, ```cmd or ```text fence, as in a plain one', () => {
    for (const tag of ['bat', 'batch', 'cmd', 'text', '']) assert.equal(written('build.bat', batFile, wholeIn(tag)), withPopd.join('\r\n'), tag);
  });

  it('still leaves a command fence alone for a file of another type, and a terminal session for any', () => {
    // ```powershell is no batch file's content, nor ```bat a Python file's.
    assert.equal(result('build.bat', batFile, wholeIn('powershell')).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    const py = bat.map((line) => line.replace(/^::/, '#')).join('\n');
    assert.equal(result('build.py', py, wholeIn('bat', 'build.py')).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    const session = 'Here is the updated `build.bat`:\n\n```cmd\nC:\\app>build.bat\nBuild completed and zipped to build_1.zip\n```\n';
    assert.equal(result('build.bat', batFile, session).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  it('reads `:: ... existing code ...` and `REM ... existing code ...` as elisions, in a ```bat snippet for the target .bat', () => {
    const snippet = (marker: string, tag: string) => `Check that npm exists before building:\n\n\`\`\`${tag}\n@echo off\nsetlocal enabledelayedexpansion\n\nwhere npm >nul 2>&1 || (echo npm not found & exit /b 1)\n\nset react_path=react\\firemap\n${marker}\n\`\`\`\n`;
    const expected = [...bat.slice(0, 3), 'where npm >nul 2>&1 || (echo npm not found & exit /b 1)', '', ...bat.slice(3)].join('\r\n');
    for (const [marker, tag] of [[':: ... existing code ...', 'bat'], ['REM ... existing code ...', 'cmd'], [':: ... existing code ...', '']]) {
      const planned = runReply(snippet(marker, tag), (p) => (p === 'build.bat' ? batFile : undefined), { hintPath: 'build.bat' });
      assert.equal(planned.changes[0]?.newText, expected, `${marker} in ${tag}: ${JSON.stringify(planned.receipt.errors)}`);
    }
    // Without a target file the ```bat snippet names no file: an illustration, as before.
    assert.equal(result('build.bat', batFile, snippet(':: ... existing code ...', 'bat')).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    // For a target of another type, a ```bat snippet shows commands, not a part of it.
    const other = runReply(snippet(':: ... existing code ...', 'bat'), (p) => (p === 'build.py' ? 'import os\n' : undefined), { hintPath: 'build.py' });
    assert.equal(other.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  // PowerShell/PowerShell tools/verifyCopyright.ps1 (BOM, CRLF), its param block and what follows.
  const ps1 = '\uFEFF# Copyright (c) Microsoft Corporation.\r\n# Licensed under the MIT License.\r\n\r\nparam(\r\n    [string[]]$ChangedFiles\r\n)\r\n\r\n$ErrorActionPreference = \'Stop\'\r\n\r\n# Define copyright patterns for different file types (only those in CONTRIBUTING.md)\r\n$copyrightPatterns = @{\r\n    # C# files\r\n}\r\n';
  const strict = ps1.replace("'Stop'\r\n", "'Stop'\r\nSet-StrictMode -Version Latest\r\n");

  it('writes a whole .ps1 in a ```powershell or ```pwsh fence, and a snippet of it with `# ... existing code ...`', () => {
    const whole = strict.slice(1).replace(/\r\n/g, '\n');
    for (const tag of ['powershell', 'pwsh']) {
      assert.equal(written('tools/verifyCopyright.ps1', ps1, `Updated \`tools/verifyCopyright.ps1\`:\n\n\`\`\`${tag}\n${whole}\`\`\`\n`), strict, tag);
    }
    const snippet = "In `tools/verifyCopyright.ps1`, make the script strict:\n\n```powershell\nparam(\n    [string[]]$ChangedFiles\n)\n\n$ErrorActionPreference = 'Stop'\nSet-StrictMode -Version Latest\n\n# ... existing code ...\n```\n";
    assert.equal(written('tools/verifyCopyright.ps1', ps1, snippet), strict);
  });
});

describe('pasted replies: a dotfile without an extension named in the sentence above its block (p48/c 49)', () => {
  // neovim/neovim .gitmodules @920db06 (tabs).
  const gitmodules = '[submodule "support/vscode-debugadapter-node"]\n\tpath = support/vscode-debugadapter-node\n\turl = https://github.com/Microsoft/vscode-debugadapter-node\n[submodule "support/python-jsonschema-objects"]\n\tpath = support/python-jsonschema-objects\n\turl = https://github.com/cwacek/python-jsonschema-objects\n';
  const fixed = gitmodules.replace('github.com/Microsoft/', 'github.com/microsoft/');

  it('writes a whole `.gitmodules` presented by "Updated `.gitmodules`:", in a ```gitconfig fence or a plain one', () => {
    for (const tag of ['gitconfig', 'ini', '']) assert.equal(written('.gitmodules', gitmodules, `Updated \`.gitmodules\`:\n\n\`\`\`${tag}\n${fixed}\`\`\`\n`), fixed, tag);
  });
});

describe('pasted replies: a short file given whole with its last line changed (p48/c 48)', () => {
  // The .reg of index id 14989489943, as regedit exports it (CRLF; the BOM and UTF-16 are the CLI's).
  const reg = 'Windows Registry Editor Version 5.00\r\n\r\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System]\r\n"LocalAccountTokenFilterPolicy"=dword:00000001\r\n';
  const off = reg.replace('dword:00000001', 'dword:00000000');
  const block = off.replace(/\r\n/g, '\n');

  it('writes it for the file the sentence names, and for the target file, as the file line for line', () => {
    assert.equal(written('policy.reg', reg, `To turn it back off, \`policy.reg\` becomes:\n\n\`\`\`reg\n${block}\`\`\`\n`), off);
    const planned = runReply(`\`\`\`\n${block}\`\`\`\n`, (p) => (p === 'policy.reg' ? reg : undefined), { hintPath: 'policy.reg' });
    assert.equal(planned.changes[0]?.newText, off, JSON.stringify(planned.receipt.errors));
  });

  it('still leaves out a block of as many lines that changes more than a third of them', () => {
    const other = 'Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Demo]\n"Enabled"=dword:00000000\n';
    const planned = runReply(`\`\`\`\n${other}\`\`\`\n`, (p) => (p === 'policy.reg' ? reg : undefined), { hintPath: 'policy.reg' });
    assert.equal(planned.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });
});

describe('pasted replies: a sentence naming the file a block changes and another it uses (p49/a 20, 20b, 25, 28)', () => {
  // pallets/flask examples/tutorial/flaskr/__init__.py.
  const init = `import os

from flask import Flask


def create_app(test_config=None):
    """Create and configure an instance of the Flask application."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        # a default secret that should be overridden by instance config
        SECRET_KEY="dev",
        # store the database in the instance folder
        DATABASE=os.path.join(app.instance_path, "flaskr.sqlite"),
    )

    if test_config is None:
        # load the instance config, if it exists, when not testing
        app.config.from_pyfile("config.py", silent=True)
    else:
        # load the test config if passed in
        app.config.update(test_config)

    # ensure the instance folder exists
    try:
        os.makedirs(app.instance_path)
    except OSError:
        pass

    @app.route("/hello")
    def hello():
        return "Hello, World!"

    # register the database commands
    from flaskr import db

    db.init_app(app)

    # apply the blueprints to the app
    from flaskr import auth, blog

    app.register_blueprint(auth.bp)
    app.register_blueprint(blog.bp)

    # make url_for('index') == url_for('blog.index')
    # in another app, you might define a separate main index here with
    # app.route, while giving the blog blueprint a url_prefix, but for
    # the tutorial the blog will be the main index
    app.add_url_rule("/", endpoint="index")

    return app
`;
  const withHealth = init
    .replace('from flaskr import auth, blog\n', 'from flaskr import auth, blog, health\n')
    .replace('    app.register_blueprint(blog.bp)\n', '    app.register_blueprint(blog.bp)\n    app.register_blueprint(health.bp)\n');
  const health = 'from flask import Blueprint\n\nbp = Blueprint("health", __name__)\n\n\n@bp.route("/healthz")\ndef healthz():\n    return {"status": "ok"}\n';
  const files: Record<string, string> = { 'flaskr/__init__.py': init };
  const plan = (reply: string) => runReply(reply, (p) => files[p]);

  it('writes the whole file "Update `a.py` to use the new file `b.py`:" presents, beside the new file: not dropped as an example', () => {
    const reply = `### flaskr/health.py (new file)\n\n\`\`\`python\n${health}\`\`\`\n\nUpdate \`flaskr/__init__.py\` to use the new file \`flaskr/health.py\`:\n\n\`\`\`python\n${withHealth}\`\`\`\n`;
    const planned = plan(reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.find((c) => c.path === 'flaskr/health.py')?.newText, health);
    assert.equal(planned.changes.find((c) => c.path === 'flaskr/__init__.py')?.newText, withHealth);
  });

  it('takes the file after "in" that ends the sentence, or the object of its opening verb, and not co-objects', () => {
    const block = `\`\`\`python\n${withHealth}\`\`\`\n`;
    assert.equal(written('flaskr/__init__.py', init, `Now register the blueprint from the new file \`flaskr/health.py\` in \`flaskr/__init__.py\`:\n\n${block}`), withHealth);
    assert.equal(written('flaskr/__init__.py', init, `Put \`SECRET_KEY=...\` in a \`.env\` file (and add \`.env\` to \`.gitignore\`), then read it in \`flaskr/__init__.py\`:\n\n${block}`), withHealth);
    assert.equal(written('flaskr/__init__.py', init, `Update \`flaskr/__init__.py\` to import \`flaskr/health.py\`:\n\n${block}`), withHealth);
    // Two files joined: which one the block is stays open, and the block is an example as before.
    assert.equal(result('flaskr/__init__.py', init, `Update \`flaskr/__init__.py\` and \`flaskr/health.py\`:\n\n${block}`).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  it('leaves a ```text block of what the program prints under "with the new `db.py` now prints:" alone', () => {
    const db = 'import click\n\n\ndef init_db_command():\n    """Clear existing data and create new tables."""\n    init_db()\n    click.echo("Initialized the database.")\n';
    const reply = 'flaskr/db.py\n```python\n<<<<<<< SEARCH\n    click.echo("Initialized the database.")\n=======\n    click.echo("Initialized the database (foreign keys on).")\n>>>>>>> REPLACE\n```\n\nRunning `flask --app flaskr init-db` with the new `flaskr/db.py` now prints:\n\n```text\nInitialized the database (foreign keys on).\n```\n';
    assert.equal(written('flaskr/db.py', db, reply), db.replace('database.")', 'database (foreign keys on).")'));
  });
});

describe('pasted replies: a sentence naming two files above the whole of one of them (p50/a 01, 03, 04, 05, 35)', () => {
  // miguelgrinberg/microblog app/__init__.py @02e93a9 (trimmed) and the config.py it imports from.
  const init = `import os
from flask import Flask
from flask.ext.sqlalchemy import SQLAlchemy
from flask.ext.login import LoginManager
from config import basedir, ADMINS, MAIL_SERVER, MAIL_PORT, MAIL_USERNAME, \\
    MAIL_PASSWORD
from .momentjs import momentjs

app = Flask(__name__)
app.config.from_object('config')
db = SQLAlchemy(app)
lm = LoginManager()
lm.init_app(app)
lm.login_view = 'login'

if not app.debug and os.environ.get('HEROKU') is None:
    import logging
    from logging.handlers import RotatingFileHandler
    file_handler = RotatingFileHandler('tmp/microblog.log', 'a',
                                       1 * 1024 * 1024, 10)
    file_handler.setLevel(logging.INFO)
    app.logger.addHandler(file_handler)
    app.logger.info('microblog startup')

app.jinja_env.globals['momentjs'] = momentjs

from app import views, models
`;
  const config = `import os
basedir = os.path.abspath(os.path.dirname(__file__))

CSRF_ENABLED = True
SECRET_KEY = 'you-will-never-guess'

SQLALCHEMY_MIGRATE_REPO = os.path.join(basedir, 'db_repository')
SQLALCHEMY_RECORD_QUERIES = True

# mail server settings
MAIL_SERVER = 'localhost'
MAIL_PORT = 25
MAIL_USERNAME = None
MAIL_PASSWORD = None

# administrator list
ADMINS = ['you@example.com']

# pagination
POSTS_PER_PAGE = 50
`;
  const files: Record<string, string> = { 'config.py': config, 'app/__init__.py': init };
  const plan = (reply: string, workspace: Record<string, string> = files) => runReply(reply, (p) => workspace[p]);
  const under = (sentence: string, content: string) => `${sentence}\n\n\`\`\`python\n${content}\`\`\`\n`;
  const logFile = init.replace("RotatingFileHandler('tmp/microblog.log'", "RotatingFileHandler(os.environ.get('LOG_FILE', 'tmp/microblog.log')");
  const fromEnv = config.replace("MAIL_SERVER = 'localhost'", "MAIL_SERVER = os.environ.get('MAIL_SERVER', 'localhost')").replace('MAIL_PORT = 25', "MAIL_PORT = int(os.environ.get('MAIL_PORT', 25))");

  it('writes the block to the one named file it is plainly the whole of, and to no other', () => {
    const replies: ReadonlyArray<readonly [string, string, string]> = [
      [under('Leave `config.py` as it is and change `app/__init__.py` so the log file path can be overridden with `LOG_FILE`:', logFile), 'app/__init__.py', logFile],
      [under('Add an environment override to `app/__init__.py` so it can load something other than `config.py`:', logFile), 'app/__init__.py', logFile],
      // The sentence ends "in `app/__init__.py`:", yet the block is config.py through and through.
      [under('Read the mail settings from the environment in `config.py` rather than hard-coding them where they are consumed in `app/__init__.py`:', fromEnv), 'config.py', fromEnv],
    ];
    for (const [reply, path, text] of replies) {
      const planned = plan(reply);
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      assert.deepEqual(planned.changes.map((change) => [change.path, change.newText]), [[path, text]]);
    }
  });

  it('leaves the block out when a named file is missing or the sentence makes a file, though it reads as the other named file whole', () => {
    // config_prod.py does not exist: the block may be meant for it.
    assert.equal(plan(under('Turn off CSRF in `config_prod.py`, like in `config.py`:', config.replace('CSRF_ENABLED = True', 'CSRF_ENABLED = False'))).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    // Both exist, but the sentence renames one to the other: config.py's lines, changed, are config_prod.py's, and config.py goes.
    const withProd = { ...files, 'config_prod.py': 'DEBUG = False\n' };
    const renamed = plan(under('Rename `config.py` to `config_prod.py` and turn CSRF off:', config.replace('CSRF_ENABLED = True', 'CSRF_ENABLED = False')), withProd);
    assert.equal(renamed.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    assert.equal(renamed.changes.length, 0);
    // The sentence makes config_prod.py a copy of config.py: the block, config.py changed, is config_prod.py's new text.
    const copy = plan(under('Make `config_prod.py` a copy of `config.py` with CSRF turned off:', config.replace('CSRF_ENABLED = True', 'CSRF_ENABLED = False')), withProd);
    assert.equal(copy.receipt.ok, true, JSON.stringify(copy.receipt.errors));
    assert.deepEqual(copy.changes.map((change) => change.path), ['config_prod.py']);
  });

  // Probe p51/a 80 and 81: the case's config/prod.toml and config/dev.toml, built for it.
  const prodToml = '[server]\nhost = "0.0.0.0"\nport = 8080\ndebug = false\nworkers = 4\n\n[database]\nurl = "postgres://db:5432/app"\npool_size = 20\ntimeout = 30\n';
  const devToml = '[server]\nhost = "127.0.0.1"\nport = 8000\ndebug = true\n\n[database]\nurl = "sqlite:///dev.db"\n';
  const prodDebugOn = prodToml.replace('debug = false', 'debug = true');
  const underToml = (sentence: string) => `${sentence}\n\n\`\`\`toml\n${prodDebugOn}\`\`\`\n`;
  const tomls: Record<string, string> = { 'config/prod.toml': prodToml, 'config/dev.toml': devToml };

  it('writes a block that is the model file whole, changed, to the file the sentence makes like it, never over the model (p51/a 80)', () => {
    for (const sentence of [
      'Make `config/dev.toml` identical to `config/prod.toml` except that `debug` stays on:',
      'Update `config/dev.toml` to match `config/prod.toml`, keeping `debug` on:',
    ]) {
      const planned = plan(underToml(sentence), tomls);
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      assert.deepEqual(planned.changes.map((change) => [change.path, change.newText]), [['config/dev.toml', prodDebugOn]], sentence);
    }
    // A sentence that only compares with prod.toml leaves prod.toml alone: which file the block is, is a guess.
    const compared = plan(underToml('Set up `config/dev.toml` the same way as in `config/prod.toml`, but with `debug` on:'), tomls);
    assert.equal(compared.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    assert.match(compared.receipt.errors[0]?.message ?? '', /plainly the whole of config\/prod\.toml, which the sentence takes as the model of another file/);
    assert.equal(compared.changes.filter((change) => change.path === 'config/prod.toml' && change.newText !== undefined).length, 0);
  });

  it('creates the file "Copy `a` to `b` and …:" names with the block that is a changed whole of a (p51/a 81)', () => {
    const onlyProd = { 'config/prod.toml': prodToml };
    const planned = plan(underToml('Copy `config/prod.toml` to `config/staging.toml` and turn on debug:'), onlyProd);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.deepEqual(planned.changes.map((change) => [change.path, change.newText]), [['config/staging.toml', prodDebugOn]]);
  });

  it('creates the file "Based on `a.py`, create `b.py`:" names, and never writes the block over the file it is based on', () => {
    const configTest = "from config import *\n\nTESTING = True\nCSRF_ENABLED = False\nSQLALCHEMY_DATABASE_URI = 'sqlite:///' + os.path.join(basedir, 'test.db')\nMAIL_SERVER = ''\nPOSTS_PER_PAGE = 3\n";
    const sentence = 'Based on `config.py`, create `config_test.py` for the test suite:';
    const created = plan(under(sentence, configTest));
    assert.equal(created.receipt.ok, true, JSON.stringify(created.receipt.errors));
    assert.deepEqual(created.changes.map((change) => [change.path, change.newText]), [['config_test.py', configTest]]);
    // A block that is config.py itself, changed, is still the file the sentence creates.
    const copied = config.replace("SECRET_KEY = 'you-will-never-guess'", "SECRET_KEY = 'test'");
    const planned = plan(under(sentence, copied));
    assert.deepEqual(planned.changes.map((change) => change.path), ['config_test.py']);
    assert.deepEqual(plan(under('Using `config.py` as a template, create a new file `config_test.py`:', copied)).changes.map((change) => change.path), ['config_test.py']);
  });

  it('writes "`helper` now lives in `a.py`; here is the updated `b.py`:" to b.py, its helper imported by a star import from a.py', () => {
    // microblog app/auth/forms.py @0098f34 (trimmed), its helper moved to app/auth/validators.py.
    const forms = `from flask_wtf import FlaskForm
from wtforms import StringField, SubmitField
from wtforms.validators import ValidationError, DataRequired, Email
from flask_babel import _, lazy_gettext as _l
from app.models import User


def unique_username(username):
    user = User.query.filter_by(username=username).first()
    if user is not None:
        raise ValidationError(_('Please use a different username.'))

class RegistrationForm(FlaskForm):
    username = StringField(_l('Username'), validators=[DataRequired()])
    email = StringField(_l('Email'), validators=[DataRequired(), Email()])
    submit = SubmitField(_l('Register'))

    def validate_username(self, username):
        unique_username(username.data)

    def validate_email(self, email):
        user = User.query.filter_by(email=email.data).first()
        if user is not None:
            raise ValidationError(_('Please use a different email address.'))
`;
    const validators = "from wtforms.validators import ValidationError\nfrom app.models import User\n\n\ndef unique_username(username):\n    user = User.query.filter_by(username=username).first()\n    if user is not None:\n        raise ValidationError('Please use a different username.')\n";
    const moved = forms.replace(/\n\ndef unique_username[\s\S]*?username\.'\)\)\n/, '\nfrom app.auth.validators import *\n');
    const workspace = { 'app/auth/forms.py': forms, 'app/auth/validators.py': validators };
    const sentence = '`unique_username` now lives in `app/auth/validators.py`; here is the updated `app/auth/forms.py`:';
    const planned = plan(under(sentence, moved), workspace);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.deepEqual(planned.changes.map((change) => [change.path, change.newText]), [['app/auth/forms.py', moved]]);
    // Without the star import nothing brings the helper in: left out by mistake, maybe (definitionLeftOut).
    const dropped = moved.replace('from app.auth.validators import *\n', '');
    assert.equal(plan(under(sentence, dropped), workspace).receipt.errors[0]?.code, 'AMBIGUOUS');
  });
});

describe('pasted replies: a short fragment of a manifest under a sentence or a target file naming it (p50/a 14, 24)', () => {
  // BurntSushi/ripgrep crates/ignore/Cargo.toml @0e54779 (trimmed).
  const cargo = `[package]
name = "ignore"
version = "0.4.30"  #:version
edition.workspace = true

[lib]
name = "ignore"
bench = false

[dependencies]
crossbeam-deque = "0.8.3"
globset = { version = "0.4.18", path = "../globset" }
log = "0.4.20"
memchr = "2.6.3"
walkdir = "2.4.0"

[dev-dependencies]
bstr = { version = "1.6.2", default-features = false, features = ["std"] }
crossbeam-channel = "0.5.15"
`;
  const path = 'crates/ignore/Cargo.toml';
  const fragment = '```toml\n[dependencies]\ncrossbeam-deque = "0.8.3"\nglob = "0.3.1"\n```\n';
  const withGlob = cargo.replace('crossbeam-deque = "0.8.3"\n', 'crossbeam-deque = "0.8.3"\nglob = "0.3.1"\n');
  const underTarget = (reply: string) => runReply(reply, (p) => (p === path ? cargo : undefined), { hintPath: path });

  it('adds the line after the two unique lines it follows, the file named by "Add … to `f`:" or by --file', () => {
    assert.equal(written(path, cargo, `Add the \`glob\` crate to \`${path}\`:\n\n${fragment}`), withGlob);
    const planned = underTarget(`Add the \`glob\` crate:\n\n${fragment}`);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, withGlob);
  });

  it('adds the line after a unique line though the line above that stands in two tables (p51/a 84)', () => {
    // A Cargo.toml whose `serde_json = "1"` is both a dependency and a dev-dependency.
    const scanner = '[package]\nname = "scanner"\n\n[dependencies]\nserde_json = "1"\ntokio = { version = "1", features = ["full"] }\n\n[dev-dependencies]\nserde_json = "1"\ntempfile = "3"\n';
    const reply = 'Add `anyhow` to `Cargo.toml`:\n\n```toml\nserde_json = "1"\ntokio = { version = "1", features = ["full"] }\nanyhow = "1"\n```\n';
    assert.equal(written('Cargo.toml', scanner, reply), scanner.replace('["full"] }\n', '["full"] }\nanyhow = "1"\n'));
  });

  it('leaves it out under a sentence that does not ask for a change, or when its lines are not the file\'s unique lines and new ones', () => {
    assert.equal(result(path, cargo, `This is how \`${path}\` would declare it:\n\n${fragment}`).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    // `name = "ignore"` stands twice in the file: the two lines say no one place.
    assert.equal(underTarget('```toml\n[lib]\nname = "ignore"\ncrate-type = ["rlib"]\n```\n').receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    // The "new" line is one the file has further down: a mix, not an addition.
    assert.equal(underTarget('```toml\n[dependencies]\ncrossbeam-deque = "0.8.3"\nwalkdir = "2.4.0"\n```\n').receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  // A pom built around jlkesh/pdp_online_java_lessons' jacoco plugin block (plugins verbatim).
  const pom = `<project>
    <build>
        <plugins>
            <plugin>
                <groupId>org.jacoco</groupId>
                <artifactId>jacoco-maven-plugin</artifactId>
                <version>0.8.8</version>
                <executions>
                    <execution>
                        <id>prepare-agent</id>
                        <goals>
                            <goal>prepare-agent</goal>
                        </goals>
                    </execution>
                    <execution>
                        <id>report</id>
                        <phase>test</phase>
                        <goals>
                            <goal>report</goal>
                        </goals>
                    </execution>
                </executions>
            </plugin>
        </plugins>
    </build>
</project>
`;

  it('places a new <execution> re-printed with the one before it under --file, though its closing tags stand elsewhere too', () => {
    const check = '                    <execution>\n                        <id>jacoco-check</id>\n                        <goals>\n                            <goal>check</goal>\n                        </goals>\n                    </execution>\n';
    const reply = `Add a coverage check execution to the JaCoCo plugin:\n\n\`\`\`xml\n                <executions>\n                    <execution>\n                        <id>prepare-agent</id>\n                        <goals>\n                            <goal>prepare-agent</goal>\n                        </goals>\n                    </execution>\n${check}\`\`\`\n`;
    const planned = runReply(reply, (p) => (p === 'pom.xml' ? pom : undefined), { hintPath: 'pom.xml' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const at = pom.indexOf('                    <execution>\n                        <id>report</id>');
    assert.equal(planned.changes[0]?.newText, pom.slice(0, at) + check + pom.slice(at));
  });
});

describe('pasted replies: partial blocks and snippets of data files (probe p49/d)', () => {
  // sharkdp/bat's Cargo.toml (v0.12.1): two tables with the same body.
  const cargo = [
    'unicode-width = "0.1.7"',
    '',
    '[dependencies.git2]',
    'version = "0.12"',
    'default-features = false',
    'features = []',
    '',
    '[dependencies.syntect]',
    'version = "3.3.0"',
    'default-features = false',
    'features = ["parsing", "yaml-load", "dump-load", "dump-create"]',
    '',
    '[dependencies.error-chain]',
    'version = "0.12"',
    'default-features = false',
    'features = []',
    '',
    '[dev-dependencies]',
    'tempdir = "0.3"',
    '',
  ].join('\n');

  it('replaces the key a partial block ends with, however unlike the old value (git2 and error-chain features: a duplicate `features` key)', () => {
    const git2 = ['Enable HTTPS support in git2:', '', '```toml', '# Cargo.toml', '[dependencies.git2]', 'version = "0.12"', 'default-features = false', 'features = ["https"]', '```', ''].join('\n');
    assert.equal(written('Cargo.toml', cargo, git2), cargo.replace('default-features = false\nfeatures = []\n\n[dependencies.syntect]', 'default-features = false\nfeatures = ["https"]\n\n[dependencies.syntect]'));
    const errorChain = ['```toml', '# Cargo.toml', '[dependencies.error-chain]', 'version = "0.12"', 'default-features = false', 'features = ["backtrace"]', '```', ''].join('\n');
    assert.equal(written('Cargo.toml', cargo, errorChain), cargo.replace('features = []\n\n[dev-dependencies]', 'features = ["backtrace"]\n\n[dev-dependencies]'));
  });

  it('replaces the element a partial POM block ends with when its dependency has one of that tag (a second <scope> under spring-boot-devtools)', () => {
    // spring-projects/spring-petclinic's pom.xml, its <dependencies> down to spring-boot-testcontainers: `<scope>test</scope>` closes several.
    const pom = [
      '  <dependencies>',
      '    <!-- Spring and Spring Boot dependencies -->',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-actuator</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-cache</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-data-jpa</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-web</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-validation</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-thymeleaf</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-test</artifactId>',
      '      <scope>test</scope>',
      '    </dependency>',
      '',
      '    <!-- Databases - Uses H2 by default -->',
      '    <dependency>',
      '      <groupId>com.h2database</groupId>',
      '      <artifactId>h2</artifactId>',
      '      <scope>runtime</scope>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>com.mysql</groupId>',
      '      <artifactId>mysql-connector-j</artifactId>',
      '      <scope>runtime</scope>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.postgresql</groupId>',
      '      <artifactId>postgresql</artifactId>',
      '      <scope>runtime</scope>',
      '    </dependency>',
      '',
      '    <!-- Caching -->',
      '    <dependency>',
      '      <groupId>javax.cache</groupId>',
      '      <artifactId>cache-api</artifactId>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>com.github.ben-manes.caffeine</groupId>',
      '      <artifactId>caffeine</artifactId>',
      '    </dependency>',
      '',
      '    <!-- Webjars -->',
      '    <dependency>',
      '      <groupId>org.webjars.npm</groupId>',
      '      <artifactId>bootstrap</artifactId>',
      '      <version>${webjars-bootstrap.version}</version>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.webjars.npm</groupId>',
      '      <artifactId>font-awesome</artifactId>',
      '      <version>${webjars-font-awesome.version}</version>',
      '    </dependency>',
      '',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-devtools</artifactId>',
      '      <scope>test</scope>',
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-testcontainers</artifactId>',
      '      <scope>test</scope>',
      '    </dependency>',
      '',
    ].join('\n');
    const reply = ['devtools should not be test-scoped:', '', '```xml', '<!-- pom.xml -->', '    <dependency>', '      <groupId>org.springframework.boot</groupId>', '      <artifactId>spring-boot-devtools</artifactId>', '      <scope>runtime</scope>', '```', ''].join('\n');
    assert.equal(written('pom.xml', pom, reply), pom.replace('spring-boot-devtools</artifactId>\n      <scope>test</scope>', 'spring-boot-devtools</artifactId>\n      <scope>runtime</scope>'));
  });

  it('keeps adding an element its siblings repeat (a new <module> is an entry of the list, not the next one rewritten)', () => {
    const pom = ['<project>', '  <modules>', '    <module>spring-petclinic-api</module>', '    <module>docs</module>', '  </modules>', '</project>', ''].join('\n');
    const reply = ['```xml', '<!-- pom.xml -->', '  <modules>', '    <module>spring-petclinic-api</module>', '    <module>spring-petclinic-integration-tests</module>', '```', ''].join('\n');
    assert.equal(written('pom.xml', pom, reply), pom.replace('<module>docs</module>', '<module>spring-petclinic-integration-tests</module>\n    <module>docs</module>'));
  });

  // jakevdp/PythonDataScienceHandbook's 02.08-Sorting.ipynb, cut to four cells (two without outputs, as in the notebook).
  const notebook = [
    '{',
    ' "cells": [',
    '  {',
    '   "cell_type": "code",',
    '   "execution_count": 1,',
    '   "metadata": {',
    '    "collapsed": false',
    '   },',
    '   "outputs": [],',
    '   "source": [',
    '    "import numpy as np\\n",',
    '    "\\n",',
    '    "def selection_sort(x):\\n",',
    '    "    for i in range(len(x)):\\n",',
    '    "        swap = i + np.argmin(x[i:])\\n",',
    '    "        (x[i], x[swap]) = (x[swap], x[i])\\n",',
    '    "    return x"',
    '   ]',
    '  },',
    '  {',
    '   "cell_type": "code",',
    '   "execution_count": 3,',
    '   "metadata": {',
    '    "collapsed": false',
    '   },',
    '   "outputs": [],',
    '   "source": [',
    '    "def bogosort(x):\\n",',
    '    "    while np.any(x[:-1] > x[1:]):\\n",',
    '    "        np.random.shuffle(x)\\n",',
    '    "    return x"',
    '   ]',
    '  },',
    '  {',
    '   "cell_type": "code",',
    '   "execution_count": 4,',
    '   "metadata": {',
    '    "collapsed": false',
    '   },',
    '   "outputs": [',
    '    {',
    '     "data": {',
    '      "text/plain": [',
    '       "array([1, 2, 3, 4, 5])"',
    '      ]',
    '     },',
    '     "execution_count": 4,',
    '     "metadata": {},',
    '     "output_type": "execute_result"',
    '    }',
    '   ],',
    '   "source": [',
    '    "x = np.array([2, 1, 4, 3, 5])\\n",',
    '    "bogosort(x)"',
    '   ]',
    '  },',
    '  {',
    '   "cell_type": "code",',
    '   "execution_count": 8,',
    '   "metadata": {',
    '    "collapsed": false',
    '   },',
    '   "outputs": [',
    '    {',
    '     "data": {',
    '      "text/plain": [',
    '       "array([1, 2, 3, 4, 5])"',
    '      ]',
    '     },',
    '     "execution_count": 8,',
    '     "metadata": {},',
    '     "output_type": "execute_result"',
    '    }',
    '   ],',
    '   "source": [',
    '    "x[i]"',
    '   ]',
    '  }',
    ' ],',
    ' "metadata": {',
    '  "kernelspec": {',
    '   "display_name": "Python 3",',
    '   "language": "python",',
    '   "name": "python3"',
    '  }',
    ' },',
    ' "nbformat": 4,',
    ' "nbformat_minor": 0',
    '}',
    '',
  ].join('\n');
  const notebookPath = 'notebooks/02.08-Sorting.ipynb';

  it('replaces the notebook key a partial JSON block ends with ("collapsed": true above the kept "collapsed": false, no comma between: invalid JSON)', () => {
    const reply = [notebookPath, '```json', '  {', '   "cell_type": "code",', '   "execution_count": 3,', '   "metadata": {', '    "collapsed": true', '```', ''].join('\n');
    const after = written(notebookPath, notebook, reply);
    assert.equal(after, notebook.replace('"execution_count": 3,\n   "metadata": {\n    "collapsed": false', '"execution_count": 3,\n   "metadata": {\n    "collapsed": true'));
    JSON.parse(after);
  });

  it('keeps the comma of the entry a partial JSON block ends with when the file\'s entries go on below it', () => {
    // gothinkster/react-redux-realworld-example-app's package.json scripts.
    const pkg = ['{', '  "name": "react-redux-realworld-example-app",', '  "scripts": {', '    "start": "cross-env PORT=4100 react-scripts start",', '    "build": "react-scripts build",', '    "test": "cross-env PORT=4100 react-scripts test --env=jsdom",', '    "eject": "react-scripts eject"', '  }', '}', ''].join('\n');
    for (const test of ['"test": "vitest run --coverage"', '"test": "cross-env PORT=4100 react-scripts test --env=jsdom --watchAll=false"']) {
      const reply = ['package.json', '```json', '  "scripts": {', '    "start": "cross-env PORT=4100 react-scripts start",', '    "build": "react-scripts build",', `    ${test}`, '```', ''].join('\n');
      const after = written('package.json', pkg, reply);
      assert.equal(after, pkg.replace('"test": "cross-env PORT=4100 react-scripts test --env=jsdom",', `${test},`), test);
      JSON.parse(after);
    }
  });

  it('replaces the YAML key a partial block ends with, however unlike the old text (a second `description:` in the delete response)', () => {
    // OAI/OpenAPI-Specification's petstore-expanded.yaml: `description: unexpected error` closes every operation.
    const spec = [
      '        default:',
      '          description: unexpected error',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/Error'",
      '    delete:',
      '      operationId: deletePet',
      '      responses:',
      "        '204':",
      '          description: pet deleted',
      '        default:',
      '          description: unexpected error',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/Error'",
      '',
    ].join('\n');
    const reply = ['```yaml', '# petstore.yaml', "        '204':", '          description: pet deleted', '        default:', '          description: Server failure', '```', ''].join('\n');
    assert.equal(written('petstore.yaml', spec, reply), spec.replace("description: pet deleted\n        default:\n          description: unexpected error", "description: pet deleted\n        default:\n          description: Server failure"));
  });

  it('appends a notebook cell after the last one re-shown with the comma it now needs (the old cell was kept and a copy written above the new one)', () => {
    const lines = notebook.split('\n');
    const lastCell = lines.slice(lines.indexOf('   "execution_count": 8,') - 2, lines.indexOf(' ],'));
    const reply = [
      'Add a cell at the end that times both sorts:',
      '',
      notebookPath,
      '```json',
      '{',
      ' "cells": [',
      '  // ... existing cells ...',
      ...lastCell.slice(0, -1),
      '  },',
      '  {',
      '   "cell_type": "code",',
      '   "execution_count": null,',
      '   "metadata": {},',
      '   "outputs": [],',
      '   "source": [',
      '    "%timeit np.sort(x)"',
      '   ]',
      '  }',
      ' ],',
      ' // ... rest of notebook metadata ...',
      '}',
      '```',
      '',
    ].join('\n');
    assert.equal(lastCell[lastCell.length - 1], '  }');
    const newCell = '  },\n  {\n   "cell_type": "code",\n   "execution_count": null,\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "%timeit np.sort(x)"\n   ]\n  }\n ],\n "metadata": {';
    const after = written(notebookPath, notebook, reply);
    assert.equal(after, notebook.replace('    "x[i]"\n   ]\n  }\n ],\n "metadata": {', `    "x[i]"\n   ]\n${newCell}`));
    JSON.parse(after);
  });

  // android/sunflower's AndroidManifest.xml (no final newline).
  const manifest = [
    '<manifest xmlns:android="http://schemas.android.com/apk/res/android"',
    '    package="com.google.samples.apps.sunflower">',
    '',
    '    <uses-permission android:name="android.permission.INTERNET" />',
    '',
    '    <application',
    '        android:allowBackup="false"',
    '        android:label="@string/app_name"',
    '        android:theme="@style/Theme.Sunflower">',
    '        <activity',
    '            android:name=".GardenActivity"',
    '            android:theme="@style/Theme.Sunflower.NoActionBar">',
    '            <intent-filter>',
    '                <action android:name="android.intent.action.MAIN" />',
    '            </intent-filter>',
    '        </activity>',
    '    </application>',
    '',
    '</manifest>',
  ].join('\n');
  const manifestPath = 'app/src/main/AndroidManifest.xml';

  it('reads `...>` under a tag\'s opening line as its attributes left out when a marker follows it (the line was written into the manifest)', () => {
    const reply = [
      'Register the detail activity:',
      '',
      '```xml',
      `<!-- ${manifestPath} -->`,
      '<manifest xmlns:android="http://schemas.android.com/apk/res/android"',
      '    package="com.google.samples.apps.sunflower">',
      '',
      '    <!-- ... -->',
      '',
      '    <application',
      '        ...>',
      '        <!-- ... existing activity ... -->',
      '        </activity>',
      '        <activity',
      '            android:name=".PlantDetailActivity"',
      '            android:parentActivityName=".GardenActivity" />',
      '    </application>',
      '',
      '</manifest>',
      '```',
      '',
    ].join('\n');
    assert.equal(written(manifestPath, manifest, reply), manifest.replace('        </activity>\n', '        </activity>\n        <activity\n            android:name=".PlantDetailActivity"\n            android:parentActivityName=".GardenActivity" />\n'));
  });

  it('refuses `...>` followed by lines no marker leaves out (where a new first child goes, or whether it stands for the file\'s, is a guess)', () => {
    const reply = ['```xml', `<!-- ${manifestPath} -->`, '    <application', '        ...>', '        <activity', '            android:name=".PlantDetailActivity"', '            android:parentActivityName=".GardenActivity" />', '    </application>', '```', ''].join('\n');
    const planned = result(manifestPath, manifest, reply);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0].code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0].message, /"\.\.\.>" leaves out the attributes/);
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

describe('pasted replies: data files elided around their own structure (p49/d 21, 22, 10b)', () => {
  // spring-projects/spring-petclinic pom.xml (stored fork @0085675), trimmed: the project's
  // <dependencies> (a twin nested in maven-checkstyle-plugin), the main <build><plugins> (twins
  // in the css and m2e profiles, six columns in).
  const pom = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<project xmlns=\"http://maven.apache.org/POM/4.0.0\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd\">",
    "  <modelVersion>4.0.0</modelVersion>",
    "  <groupId>org.springframework.samples</groupId>",
    "  <artifactId>spring-petclinic</artifactId>",
    "  <version>4.0.7-SNAPSHOT</version>",
    "",
    "  <dependencies>",
    "    <!-- Caching -->",
    "    <dependency>",
    "      <groupId>javax.cache</groupId>",
    "      <artifactId>cache-api</artifactId>",
    "    </dependency>",
    "    <dependency>",
    "      <groupId>com.github.ben-manes.caffeine</groupId>",
    "      <artifactId>caffeine</artifactId>",
    "    </dependency>",
    "",
    "    <!-- Webjars -->",
    "    <dependency>",
    "      <groupId>org.webjars.npm</groupId>",
    "      <artifactId>bootstrap</artifactId>",
    "      <version>${webjars-bootstrap.version}</version>",
    "    </dependency>",
    "  </dependencies>",
    "",
    "  <build>",
    "    <plugins>",
    "      <plugin>",
    "        <groupId>org.apache.maven.plugins</groupId>",
    "        <artifactId>maven-checkstyle-plugin</artifactId>",
    "        <version>${maven-checkstyle.version}</version>",
    "        <dependencies>",
    "          <dependency>",
    "            <groupId>com.puppycrawl.tools</groupId>",
    "            <artifactId>checkstyle</artifactId>",
    "            <version>${checkstyle.version}</version>",
    "          </dependency>",
    "          <dependency>",
    "            <groupId>io.spring.nohttp</groupId>",
    "            <artifactId>nohttp-checkstyle</artifactId>",
    "            <version>${nohttp-checkstyle.version}</version>",
    "          </dependency>",
    "        </dependencies>",
    "      </plugin>",
    "",
    "      <!-- Spring Boot Actuator displays build-related information if a git.properties",
    "        file is present at the classpath -->",
    "      <plugin>",
    "        <groupId>io.github.git-commit-id</groupId>",
    "        <artifactId>git-commit-id-maven-plugin</artifactId>",
    "        <configuration>",
    "          <failOnNoGitDirectory>false</failOnNoGitDirectory>",
    "          <failOnUnableToExtractRepoInfo>false</failOnUnableToExtractRepoInfo>",
    "        </configuration>",
    "      </plugin>",
    "",
    "    </plugins>",
    "  </build>",
    "",
    "  <profiles>",
    "    <profile>",
    "      <id>css</id>",
    "      <build>",
    "        <plugins>",
    "          <plugin>",
    "            <groupId>org.apache.maven.plugins</groupId>",
    "            <artifactId>maven-dependency-plugin</artifactId>",
    "          </plugin>",
    "",
    "        </plugins>",
    "      </build>",
    "    </profile>",
    "    <profile>",
    "      <id>m2e</id>",
    "      <build>",
    "        <pluginManagement>",
    "          <plugins>",
    "            <plugin>",
    "              <groupId>org.eclipse.m2e</groupId>",
    "              <artifactId>lifecycle-mapping</artifactId>",
    "              <version>${lifecycle-mapping}</version>",
    "            </plugin>",
    "          </plugins>",
    "        </pluginManagement>",
    "      </build>",
    "    </profile>",
    "  </profiles>",
    "",
    "</project>",
    "",
  ].join('\n');
  const security = '    <dependency>\n      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-security</artifactId>\n    </dependency>\n';
  const cyclonedx = '      <plugin>\n        <groupId>org.cyclonedx</groupId>\n        <artifactId>cyclonedx-maven-plugin</artifactId>\n        <version>2.7.11</version>\n      </plugin>\n';
  const caffeine = '      <artifactId>caffeine</artifactId>\n    </dependency>\n';
  const gitCommitIdEnd = '          <failOnUnableToExtractRepoInfo>false</failOnUnableToExtractRepoInfo>\n        </configuration>\n      </plugin>\n';

  it('closes a dependency added under <!-- ... --> with the project\'s </dependencies>, the snippet quoting the wrapper at the margin, though a plugin\'s </dependencies> follows further down', () => {
    const reply = 'Add Spring Security next to the caching dependencies:\n\n```xml\n<!-- pom.xml -->\n<dependencies>\n    <!-- ... existing dependencies ... -->\n    <dependency>\n      <groupId>com.github.ben-manes.caffeine</groupId>\n' + caffeine + security + '    <!-- ... -->\n</dependencies>\n```\n';
    assert.equal(written('pom.xml', pom, reply), pom.replace(caffeine, caffeine + security));
  });

  it('appends a plugin to the project\'s <build>, the one <build> at the snippet\'s own indentation (the profiles\' stand six columns in)', () => {
    const reply = 'Add the CycloneDX plugin to the build:\n\n```xml\n<!-- pom.xml -->\n  <build>\n    <plugins>\n      <!-- ... existing plugins ... -->\n' + cyclonedx + '\n    </plugins>\n  </build>\n```\n';
    assert.equal(written('pom.xml', pom, reply), pom.replace(gitCommitIdEnd, gitCommitIdEnd + cyclonedx));
  });

  it('still refuses the same plugin when the snippet is quoted at the margin: which <build> it meant is a guess', () => {
    const atMargin = '<build>\n  <plugins>\n    <!-- ... existing plugins ... -->\n' + cyclonedx.replace(/^ {4}/gm, '') + '\n  </plugins>\n</build>\n';
    const planned = result('pom.xml', pom, '```xml\n<!-- pom.xml -->\n' + atMargin + '```\n');
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  // gothinkster/react-redux-realworld-example-app package.json @0024f84.
  const pkg = [
    "{",
    "  \"name\": \"react-redux-realworld-example-app\",",
    "  \"version\": \"0.1.0\",",
    "  \"private\": true,",
    "  \"devDependencies\": {",
    "    \"cross-env\": \"^5.2.0\",",
    "    \"react-scripts\": \"3.1.1\"",
    "  },",
    "  \"dependencies\": {",
    "    \"connected-react-router\": \"^6.5.2\",",
    "    \"history\": \"^4.9.0\",",
    "    \"marked\": \"^0.7.0\",",
    "    \"prop-types\": \"^15.7.2\",",
    "    \"react\": \"^16.9.0\",",
    "    \"react-dom\": \"^16.9.0\",",
    "    \"react-redux\": \"^7.1.0\",",
    "    \"react-router\": \"^5.0.1\",",
    "    \"react-router-dom\": \"^5.0.1\",",
    "    \"redux\": \"^4.0.4\",",
    "    \"redux-devtools-extension\": \"^2.13.8\",",
    "    \"redux-logger\": \"^3.0.6\",",
    "    \"superagent\": \"^5.1.0\",",
    "    \"superagent-promise\": \"^1.1.0\"",
    "  },",
    "  \"scripts\": {",
    "    \"start\": \"cross-env PORT=4100 react-scripts start\",",
    "    \"build\": \"react-scripts build\",",
    "    \"test\": \"cross-env PORT=4100 react-scripts test --env=jsdom\",",
    "    \"eject\": \"react-scripts eject\"",
    "  },",
    "  \"browserslist\": [",
    "    \">0.2%\",",
    "    \"not dead\",",
    "    \"not ie <= 11\",",
    "    \"not op_mini all\"",
    "  ]",
    "}",
    "",
  ].join('\n');
  const helmet = '    "react-helmet": "^5.2.1",\n';

  it('reads a JSON snippet\'s first `{` as the document\'s own, the keys above the one it shows kept', () => {
    const reply = '```json\n// package.json\n{\n  "dependencies": {\n    // ...\n    "react-dom": "^16.9.0",\n' + helmet + '    // ...\n  },\n  // ...\n}\n```\n';
    assert.equal(written('package.json', pkg, reply), pkg.replace('    "react-dom": "^16.9.0",\n', '    "react-dom": "^16.9.0",\n' + helmet));
  });

  it('still refuses the snippet that ends the document right after "dependencies" with no marker for the keys below', () => {
    const reply = '```json\n// package.json\n{\n  "dependencies": {\n    // ...\n    "react-dom": "^16.9.0",\n' + helmet + '    // ...\n  }\n}\n```\n';
    assert.equal(result('package.json', pkg, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

describe('pasted replies: a notebook cell appended after a short last line of the last cell (p49/d 45)', () => {
  // jakevdp/PythonDataScienceHandbook code_listings/02.08-Sorting.ipynb @da830cb: its cells 5, 7
  // and 8 and its metadata, verbatim. `"x[i]"` stands once; `"source": [`, `]` and `}` in every
  // cell, and every line of the new cell more than once.
  const notebook = [
    "{",
    " \"cells\": [",
    "  {",
    "   \"cell_type\": \"code\",",
    "   \"execution_count\": 5,",
    "   \"metadata\": {",
    "    \"collapsed\": false",
    "   },",
    "   \"outputs\": [",
    "    {",
    "     \"data\": {",
    "      \"text/plain\": [",
    "       \"array([1, 2, 3, 4, 5])\"",
    "      ]",
    "     },",
    "     \"execution_count\": 5,",
    "     \"metadata\": {},",
    "     \"output_type\": \"execute_result\"",
    "    }",
    "   ],",
    "   \"source\": [",
    "    \"x = np.array([2, 1, 4, 3, 5])\\n\",",
    "    \"np.sort(x)\"",
    "   ]",
    "  },",
    "  {",
    "   \"cell_type\": \"code\",",
    "   \"execution_count\": 7,",
    "   \"metadata\": {",
    "    \"collapsed\": false",
    "   },",
    "   \"outputs\": [",
    "    {",
    "     \"name\": \"stdout\",",
    "     \"output_type\": \"stream\",",
    "     \"text\": [",
    "      \"[1 0 3 2 4]\\n\"",
    "     ]",
    "    }",
    "   ],",
    "   \"source\": [",
    "    \"x = np.array([2, 1, 4, 3, 5])\\n\",",
    "    \"i = np.argsort(x)\\n\",",
    "    \"print(i)\"",
    "   ]",
    "  },",
    "  {",
    "   \"cell_type\": \"code\",",
    "   \"execution_count\": 8,",
    "   \"metadata\": {",
    "    \"collapsed\": false",
    "   },",
    "   \"outputs\": [",
    "    {",
    "     \"data\": {",
    "      \"text/plain\": [",
    "       \"array([1, 2, 3, 4, 5])\"",
    "      ]",
    "     },",
    "     \"execution_count\": 8,",
    "     \"metadata\": {},",
    "     \"output_type\": \"execute_result\"",
    "    }",
    "   ],",
    "   \"source\": [",
    "    \"x[i]\"",
    "   ]",
    "  }",
    " ],",
    " \"metadata\": {",
    "  \"kernelspec\": {",
    "   \"display_name\": \"Python 3\",",
    "   \"language\": \"python\",",
    "   \"name\": \"python3\"",
    "  },",
    "  \"language_info\": {",
    "   \"codemirror_mode\": {",
    "    \"name\": \"ipython\",",
    "    \"version\": 3",
    "   },",
    "   \"file_extension\": \".py\",",
    "   \"mimetype\": \"text/x-python\",",
    "   \"name\": \"python\",",
    "   \"nbconvert_exporter\": \"python\",",
    "   \"pygments_lexer\": \"ipython3\",",
    "   \"version\": \"3.5.1\"",
    "  }",
    " },",
    " \"nbformat\": 4,",
    " \"nbformat_minor\": 0",
    "}",
    "",
  ].join('\n');
  const cell = '  {\n   "cell_type": "code",\n   "execution_count": null,\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "np.argsort(x)[::-1]"\n   ]\n  }\n';

  it('anchors on the one `"x[i]"` between the lines the file has around it, and adds the cell after the last one', () => {
    const reply = 'notebooks/02.08-Sorting.ipynb\n```json\n  // ... existing cells ...\n   "source": [\n    "x[i]"\n   ]\n  },\n' + cell + ' ],\n // ... metadata unchanged ...\n```\n';
    const expected = notebook.replace('    "x[i]"\n   ]\n  }\n', '    "x[i]"\n   ]\n  },\n' + cell);
    assert.equal(written('notebooks/02.08-Sorting.ipynb', notebook, reply), expected);
    assert.doesNotThrow(() => JSON.parse(expected));
  });

  it('still refuses when the short line stands in the snippet under another line than in the file', () => {
    const reply = 'notebooks/02.08-Sorting.ipynb\n```json\n  // ... existing cells ...\n   "outputs": [],\n    "x[i]"\n   ]\n  },\n' + cell + ' ],\n // ... metadata unchanged ...\n```\n';
    assert.equal(result('notebooks/02.08-Sorting.ipynb', notebook, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

describe('pasted replies: a rule kept by a marker between its head and its closer (p49/b 20, Cursor\'s float toy)', () => {
  // float-toy/styles.css as the transcript wrote it, cut to the rules around the edit, rules that
  // share its `.bit` lines (`display: flex;`, `align-items: center;`), and the @media block whose
  // `.bit {` makes that line occur twice.
  const css = [
    '.bits-container {', '    position: relative;', '    margin-bottom: 1.5rem;', '    overflow-x: auto;', '    padding-bottom: 2rem;', '}', '',
    '.bits-wrapper {', '    display: inline-flex;', '    gap: 2px;', '    position: relative;', '    min-width: 100%;', '}', '',
    '.bit {', '    width: 24px;', '    height: 24px;', '    border: 2px solid;', '    border-radius: 4px;', '    display: flex;', '    align-items: center;', '    justify-content: center;', '    font-weight: bold;', '    font-size: 0.8rem;', '    cursor: pointer;', '    transition: all 0.2s ease;', '    user-select: none;', '    flex-shrink: 0;', '}', '',
    '.bit:hover {', '    transform: scale(1.1);', '    z-index: 10;', '}', '',
    '.bit.sign {', '    border-color: #e74c3c;', '    background-color: rgba(231, 76, 60, 0.1);', '}', '',
    '.bit-labels {', '    display: flex;', '    position: absolute;', '    bottom: 0;', '    left: 0;', '    height: 1.5rem;', '    pointer-events: none;', '}', '',
    '.bit-label {', '    font-size: 0.7rem;', '    text-transform: uppercase;', '    color: #666;', '    text-align: center;', '    display: flex;', '    align-items: center;', '    justify-content: center;', '    position: absolute;', '    white-space: nowrap;', '}', '',
    '.value-display .decimal-value {', '    font-size: 1.3rem;', '    font-weight: bold;', '    color: #f39c12;', '    margin-bottom: 0.5rem;', '    display: flex;', '    align-items: center;', '    gap: 0.5rem;', '}', '',
    '@media (max-width: 768px) {', '    .container {', '        padding: 1rem;', '    }', '    ', '    .bit {', '        width: 20px;', '        height: 20px;', '        font-size: 0.7rem;', '    }', '    ', '    .bit-label {', '        font-size: 0.6rem;', '    }', '}', '',
  ].join('\n');

  it('keeps the rule\'s body for the marker and edits the rules around it', () => {
    // `.bits-wrapper {`, the marker flush left, `}`: the lone `}` anchored nothing, and the whole
    // reply was refused ("the lines from `}` stand in the file 9 lines above …").
    const reply = [
      'First, I\'ll update the CSS to resize the bits and add styling for the new index labels.', '', '```css', '// ... existing code ...',
      '.bits-container {', '    position: relative;', '    margin-bottom: 1.5rem;', '    overflow-x: auto;', '    padding-bottom: 2rem;', '    padding-top: 1.5rem; /* Add space for indices */', '}', '',
      '.bits-wrapper {', '// ... existing code ...', '}', '',
      '.bit {', '    width: 18px; /* Thinner bits */', '    height: 18px; /* Thinner bits */', '    border: 1px solid; /* Thinner border */', '    border-radius: 3px;', '    display: flex;', '    align-items: center;',
      '    justify-content: center;', '    font-weight: bold;', '    font-size: 0.7rem; /* Smaller font */', '    cursor: pointer;', '    transition: all 0.2s ease;', '    user-select: none;',
      '// ... existing code ...', '```', '',
    ].join('\n');
    const expected = css
      .replace('    padding-bottom: 2rem;\n', '    padding-bottom: 2rem;\n    padding-top: 1.5rem; /* Add space for indices */\n')
      .replace('    width: 24px;\n    height: 24px;\n    border: 2px solid;\n    border-radius: 4px;', '    width: 18px; /* Thinner bits */\n    height: 18px; /* Thinner bits */\n    border: 1px solid; /* Thinner border */\n    border-radius: 3px;')
      .replace('    font-size: 0.8rem;', '    font-size: 0.7rem; /* Smaller font */');
    // The reply names no file: the user gives it (`--file float-toy/styles.css`).
    const planned = runReply(reply, (p) => (p === 'float-toy/styles.css' ? css : undefined), { hintPath: 'float-toy/styles.css' });
    assert.equal(planned.changes[0]?.newText, expected, JSON.stringify(planned.receipt.errors));
  });

  it('does not take the closer for its block\'s when the lines after it are not the file\'s next ones', () => {
    // Anchored from `foo`'s `}`, `bar` would have been written over `middle`, which the snippet never shows.
    const code = 'function foo(a) {\n  const x = a + 1;\n  return x;\n}\n\nfunction middle(b) {\n  return b * 2;\n}\n\nfunction bar(c) {\n  console.log(c);\n  return c;\n}\n';
    const reply = '```js\nfunction foo(a) {\n// ... existing code ...\n}\n\nfunction bar(c) {\n  console.log(\'bar\', c);\n  return c;\n}\n```\n';
    const planned = runReply(reply, (p) => (p === 'a.js' ? code : undefined), { hintPath: 'a.js' });
    assert.equal(planned.changes[0]?.newText, code.replace('console.log(c)', 'console.log(\'bar\', c)'), JSON.stringify(planned.receipt.errors));
  });
});

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

describe('pasted replies: a line added and the line after it changed, right above the marker (p49/c 34, 41, 42, 44, 45, 50)', () => {
  // The real files of probe p49/c, trimmed: RustPython tests/snippets/function.py (31d7121),
  // cobra-cli tpl/main.go (2db6fd4) and .github/workflows/test.yml (0913535), gardener's
  // network-nginx-configmap.yaml.tpl (ee1c410). Each snippet anchors on the line above a new one
  // and ends with a changed file line, then its marker: the changed line went in above the old
  // one, which the marker kept, or the snippet was refused.
  const snippets = 'tests/snippets/function.py';
  const functionPy = [
    'def foo():',
    '    """test"""',
    '    return 42',
    '',
    'assert foo() == 42',
    'assert foo.__doc__ == "test"',
    'assert foo.__name__ == "foo"',
    'assert foo.__qualname__ == "foo"',
    '',
    'def f2():',
    "    '''test2'''",
    '    pass',
    '',
    'assert f2.__doc__ == "test2"',
    '',
    'def f3():',
    '    """',
    '    test3',
    '    """',
    '    pass',
    '',
    'assert f3.__doc__ == "\\n    test3\\n    "',
    '',
    'def f4():',
    '    "test4"',
    '    pass',
    '',
    'assert f4.__doc__ == "test4"',
    '',
  ].join('\n');
  const template = 'tpl/main.go';
  const mainGo = [
    'package cmd',
    '',
    'import (',
    '\t"fmt"',
    '',
    '\t"github.com/spf13/cobra"',
    ')',
    '',
    '// {{ .CmdName }}Cmd represents the {{ .CmdName }} command',
    'var {{ .CmdName }}Cmd = &cobra.Command{',
    '\tUse:   "{{ .CmdName }}",',
    '\tShort: "A brief description of your command",',
    '\tLong: ` + "`" + `A longer description that spans multiple lines and likely contains examples',
    'and usage of using your command.` + "`" + `,',
    '\tRun: func(cmd *cobra.Command, args []string) {',
    '\t\tfmt.Println("{{ .CmdName }} called")',
    '\t},',
    '}',
    '',
  ].join('\n');
  const workflow = '.github/workflows/test.yml';
  const testYml = [
    'name: Test',
    '',
    'jobs:',
    '',
    '  golangci-lint:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '',
    '      - uses: actions/setup-go@v2',
    '        with:',
    "          go-version: '1.17'",
    '',
    '      - uses: actions/checkout@v2',
    '',
    '  test-win:',
    '    name: MINGW64',
    '    runs-on: windows-latest',
    '    steps:',
    '',
    '    - uses: actions/cache@v2',
    '      with:',
    '        path: ~/go/pkg/mod',
    "        key: ${{ runner.os }}-${{ matrix.go }}-${{ hashFiles('**/go.sum') }}",
    '',
    '    - run: |',
    '        export GOBIN=$HOME/go/bin',
    '        go install github.com/kyoh86/richgo@latest',
    '        go install github.com/mitchellh/gox@latest',
    '',
    '    - run: PATH=$HOME/go/bin:$PATH make test build',
    '',
  ].join('\n');
  const configMap = 'test/framework/resources/templates/network-nginx-configmap.yaml.tpl';
  const nginx = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'data:',
    '  ipv6.conf: |',
    '    server {',
    '        listen [::]:80;',
    '        server_name localhost;',
    '        location / {',
    '            root   /usr/share/nginx/html;',
    '        }',
    '    }',
    '',
  ].join('\n');
  const fence = (tag: string, path: string, lines: string[]) => `\`\`\`${tag}\n${[path, ...lines].join('\n')}\n\`\`\`\n`;

  it('replaces a struct field, a YAML key or an install the snippet changes after a line it adds (41, 50, 44)', () => {
    const shortChanged = fence('go', `// ${template}`, ['// ... existing code ...', 'var {{ .CmdName }}Cmd = &cobra.Command{', '\tUse:   "{{ .CmdName }}",', '\tAliases: []string{"{{ .CmdName }}s"},', '\tShort: "A brief description of the {{ .CmdName }} command",', '// ... existing code ...']);
    assert.equal(written(template, mainGo, shortChanged), mainGo.replace('\tShort: "A brief description of your command",', '\tAliases: []string{"{{ .CmdName }}s"},\n\tShort: "A brief description of the {{ .CmdName }} command",'));
    const keyChanged = fence('yaml', `# ${workflow}`, ['# ... existing code ...', '  golangci-lint:', '    runs-on: ubuntu-latest', '    steps:', '', '      - uses: actions/setup-go@v2', '        with:', '          check-latest: true', "          go-version: '1.18'", '      # ... existing code ...']);
    assert.equal(written(workflow, testYml, keyChanged), testYml.replace("          go-version: '1.17'", "          check-latest: true\n          go-version: '1.18'"));
    const pinned = fence('yaml', `# ${workflow}`, ['# ... existing code ...', '    - run: |', '        export GOBIN=$HOME/go/bin', '        export CGO_ENABLED=0', '        go install github.com/kyoh86/richgo@v0.3.12', '        # ... existing code ...']);
    assert.equal(written(workflow, testYml, pinned), testYml.replace('        go install github.com/kyoh86/richgo@latest', '        export CGO_ENABLED=0\n        go install github.com/kyoh86/richgo@v0.3.12'));
    // Another package installed above the file's: new code beside it, the file's install kept.
    const another = pinned.replace('kyoh86/richgo@v0.3.12', 'golangci/golangci-lint/cmd/golangci-lint@latest');
    assert.equal(written(workflow, testYml, another), testYml.replace('        go install github.com/kyoh86/richgo@latest', '        export CGO_ENABLED=0\n        go install github.com/golangci/golangci-lint/cmd/golangci-lint@latest\n        go install github.com/kyoh86/richgo@latest'));
  });

  it('replaces the assert the snippet rewrites after a function whose docstring it changes, or gives a message (34, 45)', () => {
    const docstring = fence('python', `# ${snippets}`, ['# ... existing code ...', 'def f3():', '    """', '    test3', '    more', '    """', '    pass', '', 'assert f3.__doc__ == "\\n    test3\\n    more\\n    "', '# ... existing code ...']);
    assert.equal(written(snippets, functionPy, docstring), functionPy.replace('    test3\n    """', '    test3\n    more\n    """').replace('assert f3.__doc__ == "\\n    test3\\n    "', 'assert f3.__doc__ == "\\n    test3\\n    more\\n    "'));
    const message = fence('python', `# ${snippets}`, ['# ... existing code ...', 'def f3():', '    """', '    test3', '    """', '    pass', '', 'assert f3.__doc__ == "\\n    test3\\n    ", "docstring whitespace must be kept"', '# ... existing code ...']);
    assert.equal(written(snippets, functionPy, message), functionPy.replace('assert f3.__doc__ == "\\n    test3\\n    "', 'assert f3.__doc__ == "\\n    test3\\n    ", "docstring whitespace must be kept"'));
    // A changed last line the placing already takes for the file's replaces that line only, not the like one below it.
    const taken = fence('python', `# ${snippets}`, ['# ... existing code ...', 'def foo():', '    """tested"""', '    return 42', '', 'assert foo() == 42', 'assert foo.__doc__ == "tested"', '# ... existing code ...']);
    assert.equal(written(snippets, functionPy, taken), functionPy.replace('"""test"""', '"""tested"""').replace('assert foo.__doc__ == "test"', 'assert foo.__doc__ == "tested"'));
  });

  it('refuses a directive its block sets once, written changed under a new line, and adds one beside another (42)', () => {
    const serverName = fence('yaml', `# ${configMap}`, ['data:', '  ipv6.conf: |', '    server {', '        listen [::]:80;', '        listen 80;', '        server_name example.local;', '        # ... existing code ...']);
    const planned = result(configMap, nginx, serverName);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]!.message, /"server_name localhost;" \(line 7\)/);
    assert.equal(planned.changes.length, 0);
    // `listen` alone added: the file's next line sets another directive, and nothing is unsure.
    const listen = fence('yaml', `# ${configMap}`, ['data:', '  ipv6.conf: |', '    server {', '        listen [::]:80;', '        listen 80;', '        # ... existing code ...']);
    assert.equal(written(configMap, nginx, listen), nginx.replace('        listen [::]:80;\n', '        listen [::]:80;\n        listen 80;\n'));
  });
});

describe('pasted replies: a Cursor snippet whose last line before `// ... existing code ...` changes the file\'s (p49/b 11, 15, 02)', () => {
  // A Cursor 0.50 chat export ("App Development for Electronics Simulation", index id
  // 22595775517): each file is as the transcript wrote it, cut to the part the reply touches.
  // The replies name no file: they are applied to the file the user runs the command from.
  const planned = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
  const writtenTo = (path: string, file: string, reply: string) => {
    const plan = planned(path, file, reply);
    assert.equal(plan.receipt.ok, true, JSON.stringify(plan.receipt.errors));
    return plan.changes.find((c) => c.path === path)?.newText ?? file;
  };
  const componentPath = 'src/app/components/CircuitComponent.tsx';
  const component = [
    "'use client';",
    "",
    "import { Component, ComponentType } from '../lib/circuitEngine';",
    "import { useState, useEffect } from 'react';",
    "",
    "interface CircuitComponentProps {",
    "  component: Component;",
    "  selected: boolean;",
    "  onClick: (id: string) => void;",
    "  onMove: (id: string, x: number, y: number) => void;",
    "}",
    "",
    "export default function CircuitComponent({ component, selected, onClick, onMove }: CircuitComponentProps) {",
    "  const [dragging, setDragging] = useState(false);",
    "  const [dragOffset, setDragOffset] = useState({ x: 0, y: 0 });",
    "",
    "  // Move component while dragging",
    "  const handleMouseMove = (e: MouseEvent) => {",
    "    if (dragging) {",
    "      onMove(",
    "        component.id,",
    "        e.clientX - dragOffset.x,",
    "        e.clientY - dragOffset.y",
    "      );",
    "    }",
    "  };",
    "",
    "  // End dragging",
    "  const handleMouseUp = () => {",
    "    setDragging(false);",
    "  };",
    "",
    "  // Add and remove event listeners with proper cleanup",
    "  useEffect(() => {",
    "    if (dragging) {",
    "      window.addEventListener('mousemove', handleMouseMove);",
    "      window.addEventListener('mouseup', handleMouseUp);",
    "      ",
    "      // Cleanup function to remove event listeners",
    "      return () => {",
    "        window.removeEventListener('mousemove', handleMouseMove);",
    "        window.removeEventListener('mouseup', handleMouseUp);",
    "      };",
    "    }",
    "  }, [dragging]); // Only re-add listeners when dragging state changes",
    "",
    "  return (",
    "    <g ",
    "      className={`circuit-component ${selected ? 'selected' : ''}`} ",
    "      onClick={(e) => e.stopPropagation()}",
    "      onMouseDown={handleMouseDown}",
    "      style={{ cursor: selected ? 'move' : 'pointer' }}",
    "    >",
    "      {getComponentSymbol(component.type)}",
    "      {selected && (",
    "        <rect ",
    "          x={component.position.x - 45} ",
    "          y={component.position.y - 45} ",
    "          width=\"90\" ",
    "          height=\"90\" ",
    "          fill=\"none\" ",
    "          stroke=\"blue\" ",
    "          strokeWidth=\"2\" ",
    "          strokeDasharray=\"5,5\" ",
    "        />",
    "      )}",
    "    </g>",
    "  );",
    "}",
    "",
  ].join('\n');

  it('replaces a hook\'s closing line the snippet re-prints with new dependencies, which written beside the old one closed the hook twice', () => {
    const reply = "Now, we need to fix a potential issue with event handler dependencies in the useEffect:\n\n```typescriptreact\n  // Add and remove event listeners with proper cleanup\n  useEffect(() => {\n    if (dragging) {\n      window.addEventListener('mousemove', handleMouseMove);\n      window.addEventListener('mouseup', handleMouseUp);\n      \n      // Cleanup function to remove event listeners\n      return () => {\n        window.removeEventListener('mousemove', handleMouseMove);\n        window.removeEventListener('mouseup', handleMouseUp);\n      };\n    }\n  }, [dragging, handleMouseMove, handleMouseUp]); // Add all dependencies\n\n// ... existing code ...\n```\n";
    const fixed = component.replace('  }, [dragging]); // Only re-add listeners when dragging state changes', '  }, [dragging, handleMouseMove, handleMouseUp]); // Add all dependencies');
    assert.equal(writtenTo(componentPath, component, reply), fixed);
    // The file's closing line followed by a statement of its own before its blank line: the new
    // closer stands for the first, and whether the second is deleted is still a guess.
    const followed = component.replace('  }, [dragging]); // Only re-add listeners when dragging state changes', '  }, [dragging]); // Only re-add listeners when dragging state changes\n  const ready = true;');
    assert.equal(planned(componentPath, followed, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('replaces a one-line union the snippet widens over fifteen lines right under the file\'s first line, which written above it declared the type twice', () => {
    const enginePath = 'src/app/lib/circuitEngine.ts';
    const engine = [
      "// Types for electronic components",
      "export type ComponentType = 'resistor' | 'capacitor' | 'inductor' | 'diode' | 'transistor' | 'voltageSource' | 'currentSource' | 'wire';",
      "",
      "export interface Point {",
      "  x: number;",
      "  y: number;",
      "}",
      "",
      "export interface Component {",
      "  id: string;",
      "  type: ComponentType;",
      "  position: Point;",
      "  rotation: number;",
      "  value: number;",
      "  terminals: Point[];",
      "  properties: Record<string, number | string | boolean>;",
      "}",
      "",
      "export interface Wire {",
    ].join('\n');
    const reply = "I'll add these source components to your Electronics Lab. Let's start by updating the component types and then add their visual representations.\n\n```typescript\n// Types for electronic components\nexport type ComponentType = \n  | 'resistor' \n  | 'capacitor' \n  | 'inductor' \n  | 'diode' \n  | 'transistor' \n  | 'voltageSource' \n  | 'currentSource' \n  | 'wire'\n  | 'ground'\n  | 'battery'\n  | 'dcCurrentSource'\n  | 'acVoltageSource'\n  | 'acCurrentSource'\n  | 'squareWaveSource';\n\n// ... existing code ...\n```\n";
    const union = reply.slice(reply.indexOf('export type'), reply.indexOf('\n\n// ...'));
    assert.equal(writtenTo(enginePath, engine, reply), engine.replace(/^export type ComponentType = .*$/m, union));
    // A second declaration between the union and the file's blank line is not the union: whether
    // the new lines replace both or go above them is still a guess.
    const two = engine.replace("'wire';\n", "'wire';\nexport type Unit = 'ohm';\n");
    assert.equal(planned(enginePath, two, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('writes no blank line of its own after a re-printed line the file has, where the snippet only parts it from its trailing marker', () => {
    const pagePath = 'src/app/page.tsx';
    const page = [
      "import CircuitBoard from './components/CircuitBoard';",
      "",
      "export default function Home() {",
      "  return (",
      "    <div className=\"flex flex-col min-h-screen p-4\">",
      "      <header className=\"mb-6\">",
      "        <h1 className=\"text-3xl font-bold\">Electronics Lab</h1>",
      "        <p className=\"text-gray-600\">Create and simulate electronic circuits</p>",
      "      </header>",
      "      ",
      "      <main className=\"flex-grow\">",
      "        <CircuitBoard />",
      "      </main>",
      "      ",
      "      <footer className=\"mt-8 pt-4 border-t text-center text-gray-500 text-sm\">",
      "        <p>Electronics Lab Simulation - Built with Next.js</p>",
      "        <p>Use the toolbar to add components. Select components to move or delete them.</p>",
      "        <p>Press 'r' to rotate selected components. Delete key removes selected items.</p>",
      "      </footer>",
      "    </div>",
      "  );",
      "}",
      "",
    ].join('\n');
    const reply = "Let's fix the linter errors:\n\n```typescriptreact\n// ... existing code ...\n\n      <footer className=\"mt-8 pt-4 border-t text-center text-gray-500 text-sm\">\n        <p>Electronics Lab Simulation - Built with Next.js</p>\n        <p>Use the toolbar to add components. Select components to move or delete them.</p>\n        <p>Press &apos;r&apos; to rotate selected components. Delete key removes selected items.</p>\n      </footer>\n\n// ... existing code ...\n```\n";
    assert.equal(writtenTo(pagePath, page, reply), page.replace("Press 'r' to rotate", 'Press &apos;r&apos; to rotate'));
  });
});

describe('pasted replies: a whole file given again without a helper it still calls (p49/b 14)', () => {
  // The same Cursor export: CircuitComponent.tsx "with the fix", complete-looking but for its
  // getComponentSymbol helper (its switch cut here to one case), still called in its JSX. Cursor
  // wrote it, and the model's next turn had to "recreate the part that was accidentally removed".
  const path = 'src/app/components/CircuitComponent.tsx';
  const component = [
    "'use client';",
    "",
    "import { Component, ComponentType } from '../lib/circuitEngine';",
    "import { useState } from 'react';",
    "",
    "interface CircuitComponentProps {",
    "  component: Component;",
    "  selected: boolean;",
    "  onClick: (id: string) => void;",
    "  onMove: (id: string, x: number, y: number) => void;",
    "}",
    "",
    "export default function CircuitComponent({ component, selected, onClick, onMove }: CircuitComponentProps) {",
    "  const [dragging, setDragging] = useState(false);",
    "  const [dragOffset, setDragOffset] = useState({ x: 0, y: 0 });",
    "",
    "  const getComponentSymbol = (type: ComponentType) => {",
    "    switch (type) {",
    "      case 'resistor':",
    "        return (",
    "          <g transform={`rotate(${component.rotation}, ${component.position.x}, ${component.position.y})`}>",
    "            <line x1={component.position.x - 40} y1={component.position.y} x2={component.position.x - 20} y2={component.position.y} stroke=\"black\" strokeWidth=\"2\" />",
    "            <rect x={component.position.x - 20} y={component.position.y - 10} width=\"40\" height=\"20\" fill=\"white\" stroke=\"black\" strokeWidth=\"2\" />",
    "            <line x1={component.position.x + 20} y1={component.position.y} x2={component.position.x + 40} y2={component.position.y} stroke=\"black\" strokeWidth=\"2\" />",
    "            <text x={component.position.x} y={component.position.y + 5} textAnchor=\"middle\" fontSize=\"12\">{component.value}Ω</text>",
    "          </g>",
    "        );",
    "      default:",
    "        return (",
    "          <g transform={`rotate(${component.rotation}, ${component.position.x}, ${component.position.y})`}>",
    "            <rect x={component.position.x - 20} y={component.position.y - 20} width=\"40\" height=\"40\" fill=\"white\" stroke=\"black\" strokeWidth=\"2\" />",
    "            <text x={component.position.x} y={component.position.y + 5} textAnchor=\"middle\" fontSize=\"12\">{component.type}</text>",
    "          </g>",
    "        );",
    "    }",
    "  };",
    "",
    "  const handleMouseDown = (e: React.MouseEvent) => {",
    "    e.stopPropagation();",
    "    onClick(component.id);",
    "    setDragging(true);",
    "    setDragOffset({",
    "      x: e.clientX - component.position.x,",
    "      y: e.clientY - component.position.y",
    "    });",
    "  };",
    "",
    "  const handleMouseMove = (e: MouseEvent) => {",
    "    if (dragging) {",
    "      onMove(",
    "        component.id,",
    "        e.clientX - dragOffset.x,",
    "        e.clientY - dragOffset.y",
    "      );",
    "    }",
    "  };",
    "",
    "  const handleMouseUp = () => {",
    "    setDragging(false);",
    "  };",
    "",
    "  // Add event listeners for mouse move and up",
    "  if (dragging) {",
    "    window.addEventListener('mousemove', handleMouseMove);",
    "    window.addEventListener('mouseup', handleMouseUp);",
    "  } else {",
    "    window.removeEventListener('mousemove', handleMouseMove);",
    "    window.removeEventListener('mouseup', handleMouseUp);",
    "  }",
    "",
    "  return (",
    "    <g ",
    "      className={`circuit-component ${selected ? 'selected' : ''}`} ",
    "      onClick={(e) => e.stopPropagation()}",
    "      onMouseDown={handleMouseDown}",
    "      style={{ cursor: 'move' }}",
    "    >",
    "      {getComponentSymbol(component.type)}",
    "      {selected && (",
    "        <rect ",
    "          x={component.position.x - 45} ",
    "          y={component.position.y - 45} ",
    "          width=\"90\" ",
    "          height=\"90\" ",
    "          fill=\"none\" ",
    "          stroke=\"blue\" ",
    "          strokeWidth=\"2\" ",
    "          strokeDasharray=\"5,5\" ",
    "        />",
    "      )}",
    "    </g>",
    "  );",
    "}",
    "",
  ].join('\n');
  const reply = "Let's fix the issue with components following the cursor after selection. The problem is with the mouse event handling in the CircuitComponent:\n\n```typescriptreact\n'use client';\n\nimport { Component, ComponentType } from '../lib/circuitEngine';\nimport { useState, useEffect } from 'react';\n\ninterface CircuitComponentProps {\n  component: Component;\n  selected: boolean;\n  onClick: (id: string) => void;\n  onMove: (id: string, x: number, y: number) => void;\n}\n\nexport default function CircuitComponent({ component, selected, onClick, onMove }: CircuitComponentProps) {\n  const [dragging, setDragging] = useState(false);\n  const [dragOffset, setDragOffset] = useState({ x: 0, y: 0 });\n\n  // Handle component selection\n  const handleMouseDown = (e: React.MouseEvent) => {\n    e.stopPropagation();\n    onClick(component.id);\n    \n    // Only start dragging if component is selected\n    if (selected) {\n      setDragging(true);\n      setDragOffset({\n        x: e.clientX - component.position.x,\n        y: e.clientY - component.position.y\n      });\n    }\n  };\n\n  // Move component while dragging\n  const handleMouseMove = (e: MouseEvent) => {\n    if (dragging) {\n      onMove(\n        component.id,\n        e.clientX - dragOffset.x,\n        e.clientY - dragOffset.y\n      );\n    }\n  };\n\n  // End dragging\n  const handleMouseUp = () => {\n    setDragging(false);\n  };\n\n  // Add and remove event listeners with proper cleanup\n  useEffect(() => {\n    if (dragging) {\n      window.addEventListener('mousemove', handleMouseMove);\n      window.addEventListener('mouseup', handleMouseUp);\n      \n      // Cleanup function to remove event listeners\n      return () => {\n        window.removeEventListener('mousemove', handleMouseMove);\n        window.removeEventListener('mouseup', handleMouseUp);\n      };\n    }\n  }, [dragging]); // Only re-add listeners when dragging state changes\n\n  return (\n    <g \n      className={`circuit-component ${selected ? 'selected' : ''}`} \n      onClick={(e) => e.stopPropagation()}\n      onMouseDown={handleMouseDown}\n      style={{ cursor: selected ? 'move' : 'pointer' }}\n    >\n      {getComponentSymbol(component.type)}\n      {selected && (\n        <rect \n          x={component.position.x - 45} \n          y={component.position.y - 45} \n          width=\"90\" \n          height=\"90\" \n          fill=\"none\" \n          stroke=\"blue\" \n          strokeWidth=\"2\" \n          strokeDasharray=\"5,5\" \n        />\n      )}\n    </g>\n  );\n}\n```\n";

  it('refuses it as a guess, naming the helper, rather than delete the helper', () => {
    const planned = runReply(reply, (p) => (p === path ? component : undefined), { hintPath: path });
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /without getComponentSymbol \(defined at line 17\), which it still calls/);
  });

  it('still writes it whole where the block imports the helper from elsewhere', () => {
    const moved = reply.replace("import { useState, useEffect } from 'react';", "import { useState, useEffect } from 'react';\nimport { getComponentSymbol } from './symbols';");
    const planned = runReply(moved, (p) => (p === path ? component : undefined), { hintPath: path });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.ok(planned.changes[0]?.newText?.includes("import { getComponentSymbol } from './symbols';"));
  });
});

/** A reply applied to `path` as the file the user runs it from (Cursor's snippets name no file). */
function onTarget(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
}

/** The text a reply run from `path` writes there; fails the test when it is refused. */
function writtenOnTarget(path: string, file: string, reply: string): string {
  const planned = onTarget(path, file, reply);
  assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
  return planned.changes.find((c) => c.path === path)?.newText ?? file;
}

describe('pasted replies: a Cursor snippet whose changed lines carry a diff\'s "-" and "+" (p50/b 05, 09, 12, 10)', () => {
  // App.tsx of LeonidYasin/ConstruBot's chat export, cut to the two inputs the reply changes.
  const inputs = (width: string, height: string) =>
    [
      '        <label>',
      '          Ширина (м):',
      '          <input',
      '            type="number"',
      '            value={inputWidth}',
      `            onChange={e => setInputWidth(${width})}`,
      '            style={{ marginLeft: 8, width: 60 }}',
      '          />',
      '        </label>',
      '        <label>',
      '          Высота (м):',
      '          <input',
      '            type="number"',
      '            value={inputHeight}',
      `            onChange={e => setInputHeight(${height})}`,
      '            style={{ marginLeft: 8, width: 60 }}',
      '          />',
      '        </label>',
      '',
    ].join('\n');
  const before = inputs('e.target.value', 'e.target.value');
  const after = inputs('Number(e.target.value)', 'Number(e.target.value)');
  const reply = [
    '```typescriptreact',
    '// ... existing code ...',
    '            value={inputWidth}',
    '-            onChange={e => setInputWidth(e.target.value)}',
    '+            onChange={e => setInputWidth(Number(e.target.value))}',
    '// ... existing code ...',
    '            value={inputHeight}',
    '-            onChange={e => setInputHeight(e.target.value)}',
    '+            onChange={e => setInputHeight(Number(e.target.value))}',
    '// ... existing code ...',
    '```',
    '',
    'Ошибка типов исправлена: теперь значения из input преобразуются в число через `Number(e.target.value)`.',
    '',
  ].join('\n');

  it('replaces each "-" line, found once where the lines above it stand, by its "+" line', () => {
    // Refused: the "-" line was read as new code "shallower than the file's lines after it".
    assert.equal(writtenOnTarget('App.tsx', before, reply), after);
  });

  it('reports the snippet already applied on the file that has its "+" lines', () => {
    const planned = onTarget('App.tsx', after, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.length, 0);
  });

  it('gives the "+" lines the depth the file gives the "-" line, the prefix put right before the code', () => {
    const atCode = reply.replace(/^-( +)/gm, '$1-').replace(/^\+( +)/gm, '$1+');
    assert.equal(writtenOnTarget('App.tsx', before, atCode), after);
  });

  it('does not read the prefixes so where the "-" line is not surely the file\'s line there', () => {
    // No line above it: the old line stands twice, once for each input.
    const twice = inputs('e.target.value', 'e.target.value').replace('setInputHeight(e.target.value)', 'setInputWidth(e.target.value)');
    const bare = ['```typescriptreact', '// ... existing code ...', '-            onChange={e => setInputWidth(e.target.value)}', '+            onChange={e => setInputWidth(Number(e.target.value))}', '// ... existing code ...', '```', ''].join('\n');
    assert.equal(onTarget('App.tsx', twice, bare).changes.length, 0);
    // A "-" line with no "+" line beside it: a deletion, or a line of code that starts so.
    const deletion = reply.replace('+            onChange={e => setInputWidth(Number(e.target.value))}\n', '');
    assert.equal(onTarget('App.tsx', before, deletion).changes.length, 0);
    // Markdown's bullets are the file's own text: "- pears" is the file's line, not "pears" without a prefix.
    const list = '# Shopping\n\n- apples\n- pears\n\n## Notes\n\nBuy early.\n';
    const bullets = '```markdown\n<!-- ... existing content ... -->\n- apples\n- pears\n+ plums\n<!-- ... existing content ... -->\n```\n';
    assert.ok(!/^plums$/m.test(onTarget('list.md', list, bullets).changes[0]?.newText ?? ''));
  });
});

describe('pasted replies: a Cursor "-"/"+" snippet on lines that themselves start with "-" (p51/a 42, 43, 43b, 43c, 43d, 45)', () => {
  // opencode-model-sync's README.md, cut to its features list and configuration table.
  const readme = (backup: string, backupRow: string) =>
    [
      '# opencode-model-sync',
      '',
      'Automated model catalog synchronization. Fetches latest model information and validates against the known catalog on a weekly/daily schedule.',
      '',
      '## Features',
      '',
      '- **Catalog Sync**: Pull latest model data from providers',
      '- **Validation**: Verify synced models against known catalog',
      `- **Backup**: ${backup}`,
      '- **Configurable Interval**: Weekly or daily sync schedule',
      '',
      '## Usage',
      '',
      '```bash',
      '# Run sync manually',
      'bun run sync',
      '```',
      '',
      '## Configuration',
      '',
      '| Env Variable | Default | Description |',
      '|-------------|---------|-------------|',
      "| `MODEL_SYNC_INTERVAL` | `'weekly'` | Sync frequency (`weekly` or `daily`) |",
      '| `MODEL_CATALOG_PATH` | `opencode-config/models/catalog-2026.json` | Catalog file path |',
      `| \`MODEL_BACKUP_DIR\` | ${backupRow} |`,
      '',
      '## License',
      '',
      'MIT',
      '',
    ].join('\n');
  const before = readme('Auto-backup before sync operations', 'Auto-detected | Backup directory for pre-sync state');
  const after = readme('Automatic backup of the catalog before every sync', 'Auto-detected | Backup directory for pre-sync state');
  const bullets = [
    '- **Catalog Sync**: Pull latest model data from providers',
    '- **Validation**: Verify synced models against known catalog',
    '-- **Backup**: Auto-backup before sync operations',
    '+- **Backup**: Automatic backup of the catalog before every sync',
    '- **Configurable Interval**: Weekly or daily sync schedule',
  ];
  const fenced = (lines: readonly string[]) => ['Reword the backup bullet in `README.md`:', '', '```markdown', ...lines, '```', ''].join('\n');
  const marker = '<!-- ... existing content ... -->';

  it('reads "-- item" as the bullet "- item" removed and "+- item" as the bullet added, the other bullets as the file\'s own', () => {
    // Written as code, "-- **Backup**" and "+- **Backup**" replaced the bullet; or the block was refused.
    assert.equal(writtenOnTarget('README.md', before, fenced(['## Features', '', ...bullets])), after);
    assert.equal(writtenOnTarget('README.md', before, fenced([marker, ...bullets.slice(1, 4), marker])), after);
    assert.equal(writtenOnTarget('README.md', before, fenced([marker, ...bullets.slice(2, 4), marker])), after);
    // Named only by the sentence above ("Reword ... in `README.md`"), with no target file.
    assert.equal(written('README.md', before, fenced(['## Features', '', ...bullets])), after);
  });

  it('reports the snippet already applied on the file that has its "+" bullet', () => {
    const planned = onTarget('README.md', after, fenced([marker, ...bullets.slice(1, 4), marker]));
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.length, 0);
  });

  it('refuses a "-" row that is a near copy of the file\'s row, not the row, instead of writing the prefixed rows', () => {
    // The "-" row is the row before "for pre-sync state" was added: the old row was kept and both
    // prefixed rows were written under the one before it.
    const reply = [
      'Give the backup directory a fixed default in `README.md`:',
      '',
      '```markdown',
      marker,
      '| `MODEL_CATALOG_PATH` | `opencode-config/models/catalog-2026.json` | Catalog file path |',
      '-| `MODEL_BACKUP_DIR` | Auto-detected | Backup directory |',
      '+| `MODEL_BACKUP_DIR` | `./backups` | Backup directory for pre-sync state |',
      marker,
      '```',
      '',
    ].join('\n');
    const planned = onTarget('README.md', before, reply);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(planned.receipt.errors[0].message, /only a near copy of it/);
    // Without markers, the block is no re-print of one place of the file: refused too.
    const bare = onTarget('README.md', before, reply.split('\n').filter((line) => line !== marker).join('\n'));
    assert.equal(bare.receipt.ok, false);
    assert.equal(bare.changes.length, 0);
  });

  it('reads "---" Lua comment lines as the comments "--" removed, under a marker followed by an "Example:" comment', () => {
    // neovim's lua/options.lua, cut to the comment the reply edits. The "Example:" comment right
    // under the marker was taken for an example of use and the block cut there.
    const options = (art: string[]) => ['-- Split windows', 'vim.opt.splitright = true', '', '-- Add "-" to the chars that can be used to define a key word', '--     Example: ____aaaa-bbbb___', ...art, '--', '--     With this active, in "Normal" mode, do "Ctrl+W" and it will delete "aaaa-bbbb"', 'vim.opt.iskeyword:append("-")', ''].join('\n');
    const reply = [
      'Fix the typo in the comment and drop the caret line in `lua/options.lua`:',
      '',
      '```lua',
      '-- ... existing code ...',
      '--     Example: ____aaaa-bbbb___',
      '---                           ^',
      '---                           +-- Cursor position',
      '+--                           ^-- Cursor position',
      '--',
      '-- ... existing code ...',
      '```',
      '',
    ].join('\n');
    const file = options(['--                           ^', '--                           +-- Cursor position']);
    assert.equal(written('lua/options.lua', file, reply), options(['--                           ^-- Cursor position']));
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

describe('pasted replies: a requirement pin split in two by environment markers right above the marker (p50/a 22)', () => {
  // The case's requirements.txt and reply: numpy 1.24 has no wheels for Python 3.12, so the
  // snippet writes one pin for each side of 3.12 where the file pins numpy once. Kept beside
  // them, the unconditional pin conflicted with the 3.12 one and pip refused to install.
  const path = 'requirements.txt';
  const requirements = 'Flask==2.3.3\nFlask-SQLAlchemy==3.1.1\nnumpy==1.24.4\npandas==2.0.3\n';
  const split = ['numpy==1.24.4; python_version < "3.12"', 'numpy==1.26.4; python_version >= "3.12"'];
  const reply = ['numpy 1.24 has no wheels for Python 3.12, so pin it per Python version in `requirements.txt`:', '', '```text', '# ... existing code ...', 'Flask-SQLAlchemy==3.1.1', ...split, '# ... existing code ...', '```', ''].join('\n');

  it('replaces the file\'s pin by the two marker pins', () => {
    assert.equal(written(path, requirements, reply), requirements.replace('numpy==1.24.4\n', `${split.join('\n')}\n`));
  });

  it('replaces it the same way at the end of a marker-less fragment', () => {
    const merged = mergeFragment(requirements.split('\n'), ['Flask-SQLAlchemy==3.1.1', ...split]);
    assert.deepEqual(merged, { ok: true, lines: requirements.replace('numpy==1.24.4\n', `${split.join('\n')}\n`).split('\n') });
  });

  it('adds a pin of another package beside the file\'s numpy pin', () => {
    const scipy = reply.replace(`${split.join('\n')}\n`, 'scipy==1.11.4\n');
    assert.equal(written(path, requirements, scipy), requirements.replace('numpy==1.24.4\n', 'scipy==1.11.4\nnumpy==1.24.4\n'));
  });
});

/**
 * ListAndWatch's watch-list branch in kubernetes' client-go tools/cache/reflector.go (2b02db1),
 * from its first declaration to the fallback LIST: the lines both reflector.go cases below quote.
 */
const listAndWatchBranch = [
    '\tvar err error',
    '\tvar w watch.Interface',
    '\tfallbackToList := !r.UseWatchList',
    '',
    '\tif r.UseWatchList {',
    '\t\tw, err = r.watchList(stopCh)',
    '\t\tif w == nil && err == nil {',
    '\t\t\t// stopCh was closed',
    '\t\t\treturn nil',
    '\t\t}',
    '\t\tif err != nil {',
    '\t\t\tif !apierrors.IsInvalid(err) {',
    '\t\t\t\treturn err',
    '\t\t\t}',
    '\t\t\tklog.Warning("the watch-list feature is not supported by the server, falling back to the previous LIST/WATCH semantic")',
    '\t\t\tfallbackToList = true',
    '\t\t\t// Ensure that we won\'t accidentally pass some garbage down the watch.',
    '\t\t\tw = nil',
    '\t\t}',
    '\t}',
    '',
    '\tif fallbackToList {',
    '\t\terr = r.list(stopCh)',
];

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

describe('pasted replies: a snippet that ends with a split pin, after a leading marker only (p51/a 70)', () => {
  // The probe's requirements.txt: the snippet marks the file's top as left out, shows its
  // typing_extensions line, then pins numpy per Python version and ends, with no marker after.
  // The file's last line, the unconditional numpy pin, stayed beside the two new ones: pip then
  // saw 1.24.4 and 1.26.4 together on Python 3.9 and up.
  const path = 'requirements.txt';
  const requirements = '# Core\nfastapi==0.110.0\nuvicorn[standard]==0.27.1\npydantic==2.6.3\nSQLAlchemy==2.0.28\npsycopg2-binary==2.9.9\ntyping_extensions==4.10.0\nnumpy==1.24.4\n';
  const split = ['numpy==1.24.4; python_version < "3.9"', 'numpy==1.26.4; python_version >= "3.9"'];
  const reply = (lines: readonly string[]) => ['numpy 1.24 has no wheels for Python 3.12. Pin by interpreter in `requirements.txt`:', '', '```text', '# ... existing code ...', 'typing_extensions==4.10.0', ...lines, '```', ''].join('\n');

  it('replaces the file\'s next pin by the two marker pins, as before a closing marker', () => {
    assert.equal(written(path, requirements, reply(split)), requirements.replace('numpy==1.24.4\n', `${split.join('\n')}\n`));
  });

  it('adds a pin of another package above the file\'s numpy pin, which stays', () => {
    assert.equal(written(path, requirements, reply(['scipy==1.11.4'])), requirements.replace('numpy==1.24.4\n', 'scipy==1.11.4\nnumpy==1.24.4\n'));
  });
});

describe('pasted replies: a marker, then a Println rewritten as Printf one level deeper (p51/a 25)', () => {
  // The probe's Go CLI main.go, its argument switch trimmed: the marker stands for the `if` line
  // and the snippet goes on with the `Printf` form of the file's `Println`. Written after the old
  // call, which the marker kept, the message printed twice.
  const path = 'main.go';
  const main = [
    'package main',
    '',
    'func parseArgs() {',
    '	for i := 1; i < len(os.Args); i++ {',
    '		switch os.Args[i] {',
    '		case "--in-bin":',
    '			inputAsBinary = true',
    '		case "--out-file":',
    '			outputFile = os.Args[i+1]',
    '			if _, err = os.Stat(outputFile); !os.IsNotExist(err) {',
    '				fmt.Println("Output file " + outputFile + " already exists.")',
    '				os.Exit(1)',
    '			}',
    '			i++',
    '		case "--out-bin":',
    '			outputAsBinary = true',
    '		}',
    '	}',
    '}',
    '',
  ].join('\n');
  const reply = (call: string) => ['Use `Printf` for the file-exists message:', '', path, '```go', '\t\tcase "--out-file":', '\t\t\toutputFile = os.Args[i+1]', '\t\t\t// ... existing code ...', call, '\t\t\t\tos.Exit(1)', '\t\t\t}', '\t\t\ti++', '\t\tcase "--out-bin":', '```', ''].join('\n');

  it('refuses it, naming the Println the elision ends with, rather than print the message twice', () => {
    const planned = result(path, main, reply('\t\t\t\tfmt.Printf("Output file %s already exists.\\n", outputFile)'));
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /whose last line is "fmt\.Println\(.*\(line 11\), the same call in its other form/);
  });

  it('still adds another function\'s call after the elision', () => {
    const log = '\t\t\t\tlog.Printf("refusing to overwrite %s", outputFile)';
    assert.equal(written(path, main, reply(log)), main.replace('\t\t\t\tos.Exit(1)', `${log}\n\t\t\t\tos.Exit(1)`));
  });
});

describe('pasted replies: a marker, then a log call rewritten in its printf form (p50/d 12, kubernetes reflector.go)', () => {
  // kubernetes' client-go tools/cache/reflector.go (2b02db1), ListAndWatch's watch-list branch,
  // trimmed. The snippet re-prints the branch after upstream's change: a marker where the file
  // has the IsInvalid check and `klog.Warning(…)`, then the new `klog.Warningf(…, err)`. Written
  // after the old call, which the marker kept, it logged two warnings for one event.
  const path = 'staging/src/k8s.io/client-go/tools/cache/reflector.go';
  const reflector = [
    'func (r *Reflector) ListAndWatch(stopCh <-chan struct{}) error {',
    ...listAndWatchBranch,
    '\t}',
    '\treturn nil',
    '}',
    '',
  ].join('\n');
  const warningf = '\t\t\tklog.Warningf("The watchlist request ended with an error, falling back to the standard LIST/WATCH semantics because making progress is better than deadlocking, err = %v", err)';
  const snippet = (call: string) => ['Always fall back to LIST when watch-list fails:', '', path, '```go', '\tif r.UseWatchList {', '\t\tw, err = r.watchList(stopCh)', '\t\tif w == nil && err == nil {', '\t\t\t// stopCh was closed', '\t\t\treturn nil', '\t\t}', '\t\tif err != nil {', '\t\t\t// ... existing code ...', call, '\t\t\tfallbackToList = true', '\t\t\t// ensure that we won\'t accidentally pass some garbage down the watch.', '\t\t\tw = nil', '\t\t}', '\t}', '```', ''].join('\n');

  it('refuses it, naming the call the elision ends with, rather than keep both warnings', () => {
    const planned = result(path, reflector, snippet(warningf));
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /right after an elision whose last line is "klog\.Warning\(.*\(line 16\), the same call in its other form/);
  });

  it('still adds a call of another function, or the same function again, after the elision', () => {
    for (const call of ['\t\t\tklog.Infof("watch-list failed: %v", err)', '\t\t\tklog.Warning("making progress is better than deadlocking")']) {
      const expected = reflector.replace('\t\t\tfallbackToList = true\n\t\t\t// Ensure', `${call}\n\t\t\tfallbackToList = true\n\t\t\t// ensure`);
      assert.equal(written(path, reflector, snippet(call)), expected);
    }
  });
});

describe('pasted replies: a whole Go function re-printed with spaces for the file\'s tabs, under its path (p50/d 14, 39)', () => {
  // kubernetes client-go tools/cache/reflector.go at 2b02db1, trimmed to its license comment and
  // ListAndWatch between its neighbours. The comment's one space-indented line (the license URL)
  // makes the file mix tabs and spaces, so the block is not converted before the merge.
  const reflector = [
    '/*',
    'Copyright 2014 The Kubernetes Authors.',
    '',
    'Licensed under the Apache License, Version 2.0 (the "License");',
    'you may not use this file except in compliance with the License.',
    'You may obtain a copy of the License at',
    '',
    '    http://www.apache.org/licenses/LICENSE-2.0',
    '',
    'Unless required by applicable law or agreed to in writing, software',
    'distributed under the License is distributed on an "AS IS" BASIS,',
    'WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.',
    'See the License for the specific language governing permissions and',
    'limitations under the License.',
    '*/',
    '',
    'package cache',
    '',
    '// resyncChan returns a channel which will receive something when a resync is',
    '// required, and a cleanup function.',
    'func (r *Reflector) resyncChan() (<-chan time.Time, func() bool) {',
    '\tif r.resyncPeriod == 0 {',
    '\t\treturn neverExitWatch, func() bool { return false }',
    '\t}',
    '\t// The cleanup function is required: imagine the scenario where watches',
    '\t// always fail so we end up listing frequently. Then, if we don\'t',
    '\t// manually stop the timer, we could end up with many timers active',
    '\t// concurrently.',
    '\tt := r.clock.NewTimer(r.resyncPeriod)',
    '\treturn t.C(), t.Stop',
    '}',
    '',
    '// ListAndWatch first lists all items and get the resource version at the moment of call,',
    '// and then use the resource version to watch.',
    '// It returns error if ListAndWatch didn\'t even try to initialize watch.',
    'func (r *Reflector) ListAndWatch(stopCh <-chan struct{}) error {',
    '\tklog.V(3).Infof("Listing and watching %v from %s", r.typeDescription, r.name)',
    ...listAndWatchBranch,
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t}',
    '',
    '\tresyncerrc := make(chan error, 1)',
    '\tcancelCh := make(chan struct{})',
    '\tdefer close(cancelCh)',
    '\tgo r.startResync(stopCh, cancelCh, resyncerrc)',
    '\treturn r.watch(w, stopCh, resyncerrc)',
    '}',
    '',
    '// startResync periodically calls r.store.Resync() method.',
    '// Note that this method is blocking and should be',
    '// called in a separate goroutine.',
    'func (r *Reflector) startResync(stopCh <-chan struct{}, cancelCh <-chan struct{}, resyncerrc chan error) {',
    '\tresyncCh, cleanup := r.resyncChan()',
    '\tdefer func() {',
    '\t\tcleanup() // Call the last one written into cleanup',
    '\t}()',
    '\tfor {',
    '\t\tselect {',
    '\t\tcase <-resyncCh:',
    '\t\tcase <-stopCh:',
    '\t\t\treturn',
    '\t\tcase <-cancelCh:',
    '\t\t\treturn',
    '\t\t}',
    '\t\tif r.ShouldResync == nil || r.ShouldResync() {',
    '\t\t\tklog.V(4).Infof("%s: forcing resync", r.name)',
    '\t\t\tif err := r.store.Resync(); err != nil {',
    '\t\t\t\tresyncerrc <- err',
    '\t\t\t\treturn',
    '\t\t\t}',
    '\t\t}',
    '\t\tcleanup()',
    '\t\tresyncCh, cleanup = r.resyncChan()',
    '\t}',
    '}',
    '',
  ].join('\n');
  // The upstream change C3+C4 (commit 000c665): the IsInvalid check dropped, a log line added.
  const updated = reflector
    .replace('\t\t\tif !apierrors.IsInvalid(err) {\n\t\t\t\treturn err\n\t\t\t}\n\t\t\tklog.Warning("the watch-list feature is not supported by the server, falling back to the previous LIST/WATCH semantic")\n\t\t\tfallbackToList = true\n\t\t\t// Ensure', '\t\t\tklog.Warningf("The watchlist request ended with an error, falling back to the standard LIST/WATCH semantics because making progress is better than deadlocking, err = %v", err)\n\t\t\tfallbackToList = true\n\t\t\t// ensure')
    .replace('\t}\n\n\tresyncerrc', '\t}\n\n\tklog.V(2).Infof("Caches populated for %v from %s", r.typeDescription, r.name)\n\n\tresyncerrc');
  const start = updated.indexOf('func (r *Reflector) ListAndWatch');
  const listAndWatch = updated.slice(start, updated.indexOf('\n}\n', start) + 3);

  it('writes the function in the file\'s tabs, typed with 4 spaces or with 2, as a snippet of it is written', () => {
    assert.ok(updated.includes('Caches populated') && !updated.includes('IsInvalid'));
    for (const step of ['    ', '  ']) {
      const typed = listAndWatch.replace(/^\t+/gm, (tabs) => step.repeat(tabs.length));
      const reply = '### staging/src/k8s.io/client-go/tools/cache/reflector.go\n\n```go\n' + typed + '```\n';
      assert.equal(written('staging/src/k8s.io/client-go/tools/cache/reflector.go', reflector, reply), updated, `${step.length} spaces`);
    }
  });
});

describe('pasted replies: a gofmt-aligned struct literal quoted with its padding collapsed, its longest key dropped (p50/d 03, 37)', () => {
  // kubernetes client-go tools/cache/reflector.go at 2b02db1: NewReflectorWithOptions down to
  // the end of its struct literal.
  const constructor = [
    'func NewReflectorWithOptions(lw ListerWatcher, expectedType interface{}, store Store, options ReflectorOptions) *Reflector {',
    '\treflectorClock := options.Clock',
    '\tif reflectorClock == nil {',
    '\t\treflectorClock = clock.RealClock{}',
    '\t}',
    '\tr := &Reflector{',
    '\t\tname:            options.Name,',
    '\t\tresyncPeriod:    options.ResyncPeriod,',
    '\t\ttypeDescription: options.TypeDescription,',
    '\t\tlisterWatcher:   lw,',
    '\t\tstore:           store,',
    '\t\t// We used to make the call every 1sec (1 QPS), the goal here is to achieve ~98% traffic reduction when',
    '\t\t// API server is not healthy. With these parameters, backoff will stop at [30,60) sec interval which is',
    '\t\t// 0.22 QPS. If we don\'t backoff for 2min, assume API server is healthy and we reset the backoff.',
    '\t\tbackoffManager:         wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, reflectorClock),',
    '\t\tinitConnBackoffManager: wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, reflectorClock),',
    '\t\tclock:                  reflectorClock,',
    '\t\twatchErrorHandler:      WatchErrorHandler(DefaultWatchErrorHandler),',
    '\t\texpectedType:           reflect.TypeOf(expectedType),',
    '\t}',
    '',
  ].join('\n');
  const path = 'staging/src/k8s.io/client-go/tools/cache/reflector.go';
  const call = 'wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, reflectorClock),';
  // The SEARCH as a model re-typed it (one space after every key), and the upstream change C1
  // (commit 000c665): initConnBackoffManager dropped, the group realigned on watchErrorHandler.
  const collapsed = ['\t\tbackoffManager: ' + call, '\t\tinitConnBackoffManager: ' + call, '\t\tclock: reflectorClock,', '\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),', '\t\texpectedType: reflect.TypeOf(expectedType),', ''].join('\n');
  const realigned = ['\t\tbackoffManager:    ' + call, '\t\tclock:             reflectorClock,', '\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),', '\t\texpectedType:      reflect.TypeOf(expectedType),', ''].join('\n');
  const upstream = constructor.replace(/\t\tbackoffManager:[^]*\t\texpectedType: +reflect\.TypeOf\(expectedType\),\n/, realigned);

  it('writes the line the REPLACE leaves as the SEARCH has it with the group\'s new padding, in SEARCH/REPLACE and MultiEdit alike', () => {
    assert.notEqual(upstream, constructor);
    const searchReplace = path + '\n```go\n<<<<<<< SEARCH\n' + collapsed + '=======\n' + realigned + '>>>>>>> REPLACE\n```\n';
    assert.equal(written(path, constructor, searchReplace), upstream);
    const multiEdit = JSON.stringify({ name: 'MultiEdit', input: { file_path: '/home/dev/go/src/k8s.io/kubernetes/' + path, edits: [{ old_string: collapsed, new_string: realigned }] } }, null, 2);
    assert.equal(written(path, constructor, 'I\'ll drop `initConnBackoffManager`:\n\n```json\n' + multiEdit + '\n```\n'), upstream);
  });

  it('keeps the file\'s padding of a kept line when the changed lines next to it are not aligned with the reply\'s', () => {
    // Only the clock line changes, and the REPLACE keeps the SEARCH's collapsed padding: nothing realigns.
    const oneChange = path + '\n```go\n<<<<<<< SEARCH\n\t\tclock: reflectorClock,\n\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),\n=======\n\t\tclock: clock.RealClock{},\n\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),\n>>>>>>> REPLACE\n```\n';
    assert.equal(written(path, constructor, oneChange), constructor.replace('\t\tclock:                  reflectorClock,', '\t\tclock: clock.RealClock{},'));
  });
});

describe('pasted replies: new files named in prose or by a bare name (probe p50)', () => {
  // miguelgrinberg/microblog app/__init__.py @02e93a9, trimmed to the lines the reply touches.
  const init = [
    'import os',
    'from flask import Flask',
    'from flask.json import JSONEncoder',
    'from .momentjs import momentjs',
    '',
    'app = Flask(__name__)',
    '',
    '',
    'class CustomJSONEncoder(JSONEncoder):',
    '    """This class adds support for lazy translation texts to Flask\'s',
    '    JSON encoder. This is necessary when flashing translated texts."""',
    '    def default(self, obj):',
    '        from speaklater import is_lazy_string',
    '        if is_lazy_string(obj):',
    '            return str(obj)',
    '        return super(CustomJSONEncoder, self).default(obj)',
    '',
    'app.json_encoder = CustomJSONEncoder',
    '',
  ].join('\n');
  const encoder = 'from flask.json import JSONEncoder\n\n\n' + init.slice(init.indexOf('class CustomJSONEncoder'), init.indexOf('\napp.json_encoder'));
  const edits = [
    "Then in `app/__init__.py`, import it and drop the class:",
    '',
    '```python\n<<<<<<< SEARCH\nfrom flask.json import JSONEncoder\n=======\n>>>>>>> REPLACE\n```',
    '',
    '```python\n<<<<<<< SEARCH\nfrom .momentjs import momentjs\n=======\nfrom .momentjs import momentjs\nfrom .json_encoder import CustomJSONEncoder\n>>>>>>> REPLACE\n```',
    '',
    '```python\n<<<<<<< SEARCH\n' + encoder.slice(encoder.indexOf('class')) + '\n=======\n>>>>>>> REPLACE\n```',
    '',
  ].join('\n');
  const moved = (sentence: string) => `${sentence}\n\n\`\`\`python\n${encoder}\`\`\`\n\n${edits}`;

  it('creates the new module a sentence says the block goes into, beside the edits that import it: not dropped while they are written', () => {
    for (const sentence of [
      'Move the `CustomJSONEncoder` class from `app/__init__.py` into a new module `app/json_encoder.py`:',
      'Move the `CustomJSONEncoder` class from `app/__init__.py` into a new `app/json_encoder.py`:',
    ]) {
      const planned = runReply(moved(sentence), (p) => (p === 'app/__init__.py' ? init : undefined));
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      assert.equal(planned.changes.find((c) => c.path === 'app/json_encoder.py')?.newText, encoder, sentence);
      assert.ok(planned.changes.find((c) => c.path === 'app/__init__.py')?.newText?.includes('from .json_encoder import CustomJSONEncoder\n'));
    }
  });

  it('does not create a file from a block under "import it from the new file `x.py`:", and refuses one said to go into a new file that exists', () => {
    // The lines that import from the new file are not its text.
    const importing = runReply(moved('Then import it from the new file `app/json_encoder.py`:'), (p) => (p === 'app/__init__.py' ? init : undefined));
    assert.equal(importing.changes.some((c) => c.path === 'app/json_encoder.py'), false);
    // "a new module" that exists already: the block is not written over another text.
    const existing = 'import json\n\n\nclass OtherEncoder(json.JSONEncoder):\n    pass\n';
    const files: Record<string, string> = { 'app/__init__.py': init, 'app/json_encoder.py': existing };
    const planned = runReply(moved('Move the `CustomJSONEncoder` class from `app/__init__.py` into a new module `app/json_encoder.py`:'), (p) => files[p]);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_TARGET_FILE');
    assert.equal(planned.changes.find((c) => c.path === 'app/json_encoder.py')?.newText, undefined);
  });

  // LeonidYasin/ConstruBot chats/cursor_mvp_diy.md @c1dc52e, turn 'Оптимизация': Cursor's new
  // files, each a bare block, the first named by its first-line comment only.
  const physics = [
    '// physics.ts',
    '',
    '/**',
    ' * Расчёт длины стропил для А-фрейма',
    ' */',
    'export function calcRafterLength(width: number, height: number): number {',
    '  return Math.sqrt(Math.pow(width / 2, 2) + Math.pow(height, 2));',
    '}',
    '',
  ].join('\n');
  const physicsTest = [
    "import { calcRafterLength } from './physics';",
    '',
    "describe('calcRafterLength', () => {",
    "  it('корректно считает длину стропил', () => {",
    '    expect(calcRafterLength(6, 4)).toBeCloseTo(5);',
    '  });',
    '});',
    '',
  ].join('\n');
  const app = "import React, { useRef, useState } from 'react';\nimport { calcRafterLength, calcRafterAngle } from './physics';\n\nexport default function App() {\n  return null;\n}\n";

  it('creates a file named by a bare first-line comment as the target file of that name, not at the root', () => {
    const planned = runReply('```typescript\n' + physics + '```\n', () => undefined, { hintPath: 'frontend/src/physics.ts' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.deepEqual(planned.changes.map((c) => c.path), ['frontend/src/physics.ts']);
  });

  it('creates a bare-named new file in the folder whose file imports it by a relative path, and at the root without one', () => {
    const files: Record<string, string> = { 'frontend/src/App.tsx': app };
    const planned = runReply('```typescript\n' + physics + '```\n', (p) => files[p], { hintPath: 'frontend/src/App.tsx' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.deepEqual(planned.changes.map((c) => c.path), ['frontend/src/physics.ts']);
    // An import the reply writes into a file says so as well.
    const importing = 'frontend/src/App.tsx\n```tsx\n<<<<<<< SEARCH\nexport default function App() {\n=======\nimport { calcRafterLength } from "./physics";\n\nexport default function App() {\n>>>>>>> REPLACE\n```\n\n```typescript\n' + physics + '```\n';
    const withoutImport: Record<string, string> = { 'frontend/src/App.tsx': app.replace(/^import \{ calcRafterLength.*\n/m, '') };
    assert.deepEqual(runReply(importing, (p) => withoutImport[p]).changes.map((c) => c.path).sort(), ['frontend/src/App.tsx', 'frontend/src/physics.ts']);
    // Nothing imports it: where the reply says, the root.
    assert.deepEqual(runReply('```typescript\n' + physics + '```\n', (p) => withoutImport[p], { hintPath: 'frontend/src/App.tsx' }).changes.map((c) => c.path), ['physics.ts']);
  });

  it('refuses a bare-named new file that files of two folders import by a relative path, rather than create it at the root (probe p51/a 64)', () => {
    // The case's app/scanner/page.tsx (a barcode page, index id 12038766825), cut to its imports;
    // app/qr/page.tsx is the same page. The reply gives `// format.ts` and imports `./format` in both.
    const page = '"use client";\nimport { useState } from "react";\nimport { useRouter } from "next/navigation";\n\nconst BarcodeScannerPage: React.FC = () => null;\n';
    const files: Record<string, string> = { 'app/scanner/page.tsx': page, 'app/qr/page.tsx': page.replace(/BarcodeScannerPage/g, 'QrScannerPage') };
    const helper = '```ts\n// format.ts\nexport function formatBarcode(code: string): string {\n  return code.replace(/(\\d{4})(?=\\d)/g, "$1 ");\n}\n```\n';
    const importIn = (path: string) => `${path}\n\`\`\`tsx\n<<<<<<< SEARCH\nimport { useRouter } from "next/navigation";\n=======\nimport { useRouter } from "next/navigation";\nimport { formatBarcode } from "./format";\n>>>>>>> REPLACE\n\`\`\`\n`;
    const reply = 'Group the digits when showing the code, on both scanner pages. The helper:\n\n' + helper + '\nThen use it in both pages:\n\n' + importIn('app/scanner/page.tsx') + '\n' + importIn('app/qr/page.tsx');
    const planned = runReply(reply, (p) => files[p]);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /app\/qr, app\/scanner/);
    assert.deepEqual(planned.changes.filter((c) => c.newText !== undefined && c.path === 'format.ts'), []);
    // One folder importing it: created there, as before.
    const one = runReply('The helper:\n\n' + helper + '\n' + importIn('app/scanner/page.tsx'), (p) => files[p]);
    assert.equal(one.receipt.ok, true, JSON.stringify(one.receipt.errors));
    assert.deepEqual(one.changes.map((c) => c.path).sort(), ['app/scanner/format.ts', 'app/scanner/page.tsx']);
  });

  it('refuses a reply whose block naming no file reads as a file importing the new file, rather than write the rest without it', () => {
    const files: Record<string, string> = { 'frontend/src/App.tsx': app };
    const planned = runReply('```typescript\n' + physics + '```\n\n```typescript\n' + physicsTest + '```\n', (p) => files[p], { hintPath: 'frontend/src/App.tsx' });
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_TARGET_FILE');
    assert.match(planned.receipt.errors[0]?.message ?? '', /physics\.ts/);
    // A usage example presented as one stays an illustration.
    const example = runReply('```typescript\n' + physics + '```\n\nExample usage:\n\n```typescript\n' + "import { calcRafterLength } from './physics';\nconsole.log(calcRafterLength(6, 4));\n" + '```\n', (p) => files[p], { hintPath: 'frontend/src/App.tsx' });
    assert.equal(example.receipt.ok, true, JSON.stringify(example.receipt.errors));
  });
});

describe('pasted replies: a helper in a fence naming no file, beside an edit that calls it (probe p50/e 22, a Roo Code proposal)', () => {
  // The case's charts/server.py, trimmed: the endpoint gathers every pair at once.
  const path = 'charts/server.py';
  const server = [
    'import asyncio',
    '',
    'from fastapi import FastAPI',
    '',
    'app = FastAPI()',
    '',
    '',
    '@app.get("/api/dashboard")',
    'async def get_dashboard_data(date: str):',
    '    tasks = [load_and_process_pair(opp, date) for opp in opportunities]',
    '    results = await asyncio.gather(*tasks)',
    '',
    '    # Filter out None results where data was missing or processing failed',
    '    return [res for res in results if res is not None]',
    '',
  ].join('\n');
  const helper = ['1.  **Add the helper:**', '    ```python', '    # Insert after the imports', '    async def process_in_chunks(tasks, chunk_size: int):', '        """Process a list of awaitable tasks in chunks."""', '        results = []', '        for i in range(0, len(tasks), chunk_size):', '            results.extend(await asyncio.gather(*tasks[i:i + chunk_size]))', '        return results', '    ```', ''];
  const edit = ['2.  **Change the endpoint:**', '    ```python', '<<<<<<< SEARCH', ':start_line:10', '-------', '    tasks = [load_and_process_pair(opp, date) for opp in opportunities]', '    results = await asyncio.gather(*tasks)', '=======', '    tasks = [load_and_process_pair(opp, date) for opp in opportunities]', '    # Process in chunks to avoid memory exhaustion', '    results = await process_in_chunks(tasks, 4)', '>>>>>>> REPLACE', '    ```', ''];

  it('refuses the reply rather than write the call without the function (was: the edit written, the helper dropped, exit 0)', () => {
    const planned = onTarget(path, server, [...helper, ...edit].join('\n'));
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_TARGET_FILE');
    assert.match(planned.receipt.errors[0]?.message ?? '', /defines `process_in_chunks`, which the reply's edit of charts\/server\.py calls and charts\/server\.py does not have/);
  });

  it('still writes the edit when the file has the function already, or the block defines something the edit does not call', () => {
    const withHelper = server.replace('app = FastAPI()\n', 'app = FastAPI()\n\n\nasync def process_in_chunks(tasks, chunk_size):\n    return await asyncio.gather(*tasks)\n');
    assert.match(writtenOnTarget(path, withHelper, [...helper, ...edit].join('\n')), /results = await process_in_chunks\(tasks, 4\)/);
    const unrelated = helper.map((line) => line.replace('process_in_chunks', 'summarise_pairs'));
    assert.match(writtenOnTarget(path, server, [...unrelated, ...edit].join('\n')), /results = await process_in_chunks\(tasks, 4\)/);
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

describe('pasted replies: a whole file re-printed down to a change, then "// ... rest of the file unchanged ..." (p51/d 37)', () => {
  // tokio's bounded.rs, trimmed: `channel`'s doc comment at the file's margin has rustdoc's
  // `/// # Examples` section. Read as an "Example usage" comment ending the code, it cut the
  // block there; what was left matched the file, and the reply was "already in the file".
  const path = 'src/bounded.rs';
  const bounded = [
    'use crate::sync::batch_semaphore::{self as semaphore, TryAcquireError};',
    'use crate::sync::mpsc::chan;',
    'use crate::sync::mpsc::error::{SendError, TryRecvError, TrySendError};',
    '',
    'cfg_time! {',
    '    use crate::sync::mpsc::error::SendTimeoutError;',
    '    use crate::time::Duration;',
    '}',
    '',
    'use std::fmt;',
    'use std::task::{Context, Poll};',
    '',
    '/// Send values to the associated `Receiver`.',
    '///',
    '/// Instances are created by the [`channel`](channel) function.',
    '///',
    '/// To use the `Sender` in a poll function, you can use the [`PollSender`]',
    '/// utility.',
    '///',
    '/// [`PollSender`]: https://docs.rs/tokio-util/0.6/tokio_util/sync/struct.PollSender.html',
    'pub struct Sender<T> {',
    '    chan: chan::Tx<T, Semaphore>,',
    '}',
    '',
    '/// Creates a bounded mpsc channel for communicating between asynchronous tasks',
    '/// with backpressure.',
    '///',
    '/// The channel will buffer up to the provided number of messages.  Once the',
    '/// buffer is full, attempts to `send` new messages will wait until a message is',
    '/// received from the channel. The provided buffer capacity must be at least 1.',
    '///',
    '/// All data sent on `Sender` will become available on `Receiver` in the same',
    '/// order as it was sent.',
    '///',
    '/// The `Sender` can be cloned to `send` to the same channel from multiple code',
    '/// locations. Only one `Receiver` is supported.',
    '///',
    '/// If the `Receiver` is disconnected while trying to `send`, the `send` method',
    '/// will return a `SendError`. Similarly, if `Sender` is disconnected while',
    '/// trying to `recv`, the `recv` method will return a `RecvError`.',
    '///',
    '/// # Panics',
    '///',
    '/// Panics if the buffer capacity is 0.',
    '///',
    '/// # Examples',
    '///',
    '/// ```rust',
    '/// use tokio::sync::mpsc;',
    '///',
    '/// #[tokio::main]',
    '/// async fn main() {',
    '///     let (tx, mut rx) = mpsc::channel(100);',
    '///',
    '///     tokio::spawn(async move {',
    '///         for i in 0..10 {',
    '///             if let Err(_) = tx.send(i).await {',
    '///                 println!("receiver dropped");',
    '///                 return;',
    '///             }',
    '///         }',
    '///     });',
    '///',
    '///     while let Some(i) = rx.recv().await {',
    '///         println!("got = {}", i);',
    '///     }',
    '/// }',
    '/// ```',
    'pub fn channel<T>(buffer: usize) -> (Sender<T>, Receiver<T>) {',
    '    assert!(buffer > 0, "mpsc bounded channel requires buffer > 0");',
    '    let semaphore = (semaphore::Semaphore::new(buffer), buffer);',
    '    let (tx, rx) = chan::channel(semaphore);',
    '',
    '    let tx = Sender::new(tx);',
    '    let rx = Receiver::new(rx);',
    '',
    '    (tx, rx)',
    '}',
    '',
    '/// Channel semaphore is a tuple of the semaphore implementation and a `usize`',
    '/// representing the channel bound.',
    'type Semaphore = (semaphore::Semaphore, usize);',
    '',
    'impl<T> Sender<T> {',
    '    /// Tries to acquire a slot in the channel without waiting for the slot to become',
    '    /// available.',
    '    pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {',
    '        match self.chan.semaphore().0.try_acquire(1) {',
    '            Ok(_) => {}',
    '            Err(_) => return Err(TrySendError::Full(())),',
    '        }',
    '',
    '        Ok(Permit { chan: &self.chan })',
    '    }',
    '',
    '    /// Returns `true` if senders belong to the same channel.',
    '    pub fn same_channel(&self, other: &Self) -> bool {',
    '        self.chan.same_channel(&other.chan)',
    '    }',
    '}',
  ].join('\n') + '\n';
  const split = '            Err(TryAcquireError::Closed) => return Err(TrySendError::Closed(())),\n            Err(TryAcquireError::NoPermits) => return Err(TrySendError::Full(())),';
  const changed = bounded.replace('            Err(_) => return Err(TrySendError::Full(())),', split);
  const shown = changed.slice(0, changed.indexOf('    /// Returns `true` if senders belong to the same channel.'));

  it('applies the change, the doc comment\'s `# Examples` read as documentation (was: nothing written, exit 0)', () => {
    const reply = `Here is the updated \`${path}\`:\n\n\`\`\`rust\n${shown}    // ... rest of the file unchanged ...\n\`\`\`\n`;
    assert.equal(written(path, bounded, reply), changed);
  });
});

describe('pasted replies: a README with list-indented ```bash blocks, in Cursor\'s ```markdown fence (p51/b 17, 18)', () => {
  // A Cursor export ("Docker log collector to SQLite", index id 46918649880): the README it wrote,
  // trimmed to one Setup step and three schema rows.
  const path = 'README.md';
  const readme = (binary: string) => [
    '# Docker Log Collector to SQLite',
    '',
    'This Go application connects to running Docker containers, streams their logs, and stores them in an SQLite database.',
    '',
    '## Setup',
    '',
    '1.  **Initialize Go Module (if not already done):**',
    '    ```bash',
    '    go mod init bw_util',
    '    ```',
    '',
    '## Usage',
    '',
    '1.  **Build the application:**',
    '    ```bash',
    `    go build -o ${binary}`,
    '    ```',
    '',
    '2.  **Run the application:**',
    '    ```bash',
    `    ./${binary}`,
    '    ```',
    '    The application will create an SQLite database file named `docker_logs.db` in the same directory and start collecting logs from all running containers.',
    '',
    '## Database Schema',
    '',
    '-   `id` (INTEGER, PRIMARY KEY, AUTOINCREMENT)',
    '-   `timestamp` (TEXT) - Log entry timestamp (RFC3339Nano format)',
    '-   `log_message` (TEXT) - The actual log content',
    '',
    '## Development',
    '',
    '-   Ensure Docker daemon is accessible.',
    '-   Run `go run main.go` for development.',
    '',
  ].join('\n');

  it('keeps the second ```bash block in its list item when the section is re-printed between markers (was: written at the margin)', () => {
    const usage = readme('docker-util').split('\n').slice(11, 23);
    const reply = ['I\'ll update the `README.md` file accordingly in both the build and run command examples.', '', '```markdown', '// ... existing code ...', ...usage, '// ... existing code ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget(path, readme('docker-log-collector'), reply), readme('docker-util'));
  });

  // The turn "implement these suggestions": the whole README again, five places changed, the last
  // list item among them, and a blank line above the closing fence.
  const improved = readme('docker-util')
    .replace('streams their logs,', 'streams their logs in real-time,')
    .replace('    ./docker-util\n', '    ./docker-util [options]\n')
    .replace('named `docker_logs.db` in the same directory and', '(defaults to `./docker_logs.db` if not specified) and')
    .replace('start collecting logs from all running containers.\n', 'start collecting logs from all running containers.\n\n    **Options:**\n    *   `--dbpath <path>`: Specifies the path for the SQLite database file.\n')
    .replace('(RFC3339Nano format)', '(RFC3339Nano format, typically UTC)')
    .replace('for development.', 'for development (you can also pass flags: `go run main.go --dbpath ./custom_dev.db`).');

  it('writes the whole README re-printed with its last line extended, without the blank line above the fence (was: NO_EDITS_FOUND, "neither the whole file")', () => {
    assert.equal(writtenOnTarget(path, readme('docker-util'), '```markdown\n' + improved + '\n```\n'), improved);
    assert.equal(writtenOnTarget(path, readme('docker-util'), '````markdown\n' + improved + '\n````\n'), improved);
  });

  it('changes nothing with the README re-printed as it is, a blank line above the fence', () => {
    const planned = onTarget(path, readme('docker-util'), '```markdown\n' + readme('docker-util') + '\n```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });

  it('still takes the top of the README alone, its last line edited, for a part: the file\'s later lines stay', () => {
    const top = improved.split('\n').slice(0, 24).join('\n');
    const planned = onTarget(path, readme('docker-util'), '```markdown\n' + top + '\n```\n');
    const text = planned.changes[0]?.newText ?? readme('docker-util');
    assert.ok(text.includes('-   Run `go run main.go` for development.\n'), text);
    assert.ok(text.includes('## Database Schema'), text);
  });
});

describe('pasted replies: a Go func header, an inner marker, the changed `if !ok {` block (p51/b 09-12, 27, 28, a Cursor export)', () => {
  // pkg/dao/mem/user_mem.go as the transcript printed it, trimmed to its imports and the two
  // methods the snippet edits: both have an `if !ok {` block, too plain a line to anchor anywhere.
  const userMem = [
    'package mem',
    '',
    'import (',
    '\t"context"',
    '\t"errors"',
    '\t"sync"',
    '',
    '\t"github.com/yourusername/truecaller-lite/pkg/models"',
    ')',
    '',
    '// GetUserByPhoneNumber retrieves a user by phone number.',
    'func (dao *UserMemDAO) GetUserByPhoneNumber(ctx context.Context, phoneNumber string) (*models.User, error) {',
    '\tif ctx.Err() != nil {',
    '\t\treturn nil, ctx.Err()',
    '\t}',
    '\tdao.mu.RLock()',
    '\tdefer dao.mu.RUnlock()',
    '\tuser, ok := dao.users[phoneNumber]',
    '\tif !ok {',
    '\t\treturn nil, errors.New("user not found")',
    '\t}',
    '\t// Return a copy to avoid external mutation',
    '\tcopyUser := *user',
    '\treturn &copyUser, nil',
    '}',
    '',
    '// UpdateSpamStatus updates the spam status for a user.',
    'func (dao *UserMemDAO) UpdateSpamStatus(ctx context.Context, phoneNumber string, isSpam bool) error {',
    '\tif ctx.Err() != nil {',
    '\t\treturn ctx.Err()',
    '\t}',
    '\tdao.mu.Lock()',
    '\tdefer dao.mu.Unlock()',
    '\tuser, ok := dao.users[phoneNumber]',
    '\tif !ok {',
    '\t\treturn errors.New("user not found")',
    '\t}',
    '\tuser.IsSpam = isSpam',
    '\treturn nil',
    '}',
    '',
  ].join('\n');
  const daoerrors = '\t"github.com/yourusername/truecaller-lite/pkg/dao/daoerrors"';
  const path = 'pkg/dao/mem/user_mem.go';
  const getHeader = 'func (dao *UserMemDAO) GetUserByPhoneNumber(ctx context.Context, phoneNumber string) (*models.User, error) {';
  const spamHeader = 'func (dao *UserMemDAO) UpdateSpamStatus(ctx context.Context, phoneNumber string, isSpam bool) error {';
  const fenced = (lines: string[]) => [path, '```go', ...lines, '```', ''].join('\n');

  it('edits the block in the body of each function whose header the snippet shows above a marker', () => {
    const reply = fenced([
      '// ... existing code ...',
      'import (',
      '\t// ... existing imports ...',
      daoerrors,
      ')',
      '// ... existing code ...',
      getHeader,
      '\t// ... existing code ...',
      '\tif !ok {',
      '\t\treturn nil, daoerrors.ErrUserNotFound',
      '\t}',
      '\t// ... existing code ...',
      '}',
      '// ... existing code ...',
      spamHeader,
      '\t// ... existing code ...',
      '\tif !ok {',
      '\t\treturn daoerrors.ErrUserNotFound',
      '\t}',
      '\t// ... existing code ...',
      '}',
      '// ... existing code ...',
    ]);
    const expected = userMem
      .replace('/pkg/models"\n', `/pkg/models"\n${daoerrors}\n`)
      .replace('return nil, errors.New("user not found")', 'return nil, daoerrors.ErrUserNotFound')
      .replace('return errors.New("user not found")', 'return daoerrors.ErrUserNotFound');
    assert.equal(written(path, userMem, reply), expected);
  });

  it('still refuses when the body has that line twice', () => {
    const twice = userMem.replace('\tuser.IsSpam = isSpam\n', '\tif !ok {\n\t\treturn nil\n\t}\n\tuser.IsSpam = isSpam\n');
    const reply = fenced([spamHeader, '\t// ... existing code ...', '\tif !ok {', '\t\treturn daoerrors.ErrUserNotFound', '\t}', '\t// ... existing code ...', '}']);
    assert.equal(result(path, twice, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('says that the line too plain to anchor on occurs once, when no header places it (the diagnosis was "no line occurs exactly once")', () => {
    const once = userMem.replace('\tuser, ok := dao.users[phoneNumber]\n\tif !ok {\n\t\treturn errors', '\tuser, found := dao.users[phoneNumber]\n\tif !found {\n\t\treturn errors');
    const reply = fenced(['// ... existing code ...', '\tif !ok {', '\t\treturn nil, daoerrors.ErrUserNotFound', '\t}', '// ... existing code ...']);
    const refused = result(path, once, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /no line that occurs exactly once in the file but "if !ok \{", too plain a line to place them by itself/);
  });

  it('refuses the block written right under the header without the marker, rather than write it over the body\'s first block', () => {
    // 27 and 28: the real snippet with its inner marker above `if !ok {` dropped. Its closer was
    // taken for the one of `if ctx.Err() != nil {`, and the context check was overwritten.
    const reply = fenced(['// ... existing code ...', spamHeader, '\tif !ok {', '\t\treturn daoerrors.ErrUserNotFound', '\t}', '\t// ... existing code ...', '}', '// ... existing code ...']);
    const refused = result(path, userMem, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /"if !ok \{" is new right below/);
    assert.equal(refused.changes.length, 0);
    // The body's first block itself, shown under the header, is still edited whole.
    const first = fenced(['// ... existing code ...', spamHeader, '\tif ctx.Err() != nil {', '\t\treturn fmt.Errorf("update spam status: %w", ctx.Err())', '\t}', '\t// ... existing code ...', '}', '// ... existing code ...']);
    assert.equal(written(path, userMem, first), userMem.replace('\t\treturn ctx.Err()\n', '\t\treturn fmt.Errorf("update spam status: %w", ctx.Err())\n'));
  });
});

describe('pasted replies: a snippet adding a Python guard that reads like a guard of another class (p51/c 33, 39, sympy polyoptions.py)', () => {
  // sympy/polys/polyoptions.py of sympy__sympy-14396, cut to Wrt.preprocess (its `if not wrt:`)
  // and Domain.preprocess's twin polynomial and fraction branches.
  const polyoptions = [
    'class Wrt(with_metaclass(OptionType, Option)):',
    '    @classmethod',
    '    def preprocess(cls, wrt):',
    '        if isinstance(wrt, Basic):',
    '            return [str(wrt)]',
    '        elif isinstance(wrt, str):',
    '            wrt = wrt.strip()',
    '            if not wrt:',
    '                return []',
    '            return [ gen for gen in cls._re_split.split(wrt) ]',
    '        else:',
    '            raise OptionError("invalid argument for \'wrt\' option")',
    '',
    '',
    'class Domain(with_metaclass(OptionType, Option)):',
    '    @classmethod',
    '    def preprocess(cls, domain):',
    '        if isinstance(domain, string_types):',
    '            r = cls._re_polynomial.match(domain)',
    '',
    '            if r is not None:',
    '                ground, gens = r.groups()',
    '',
    "                gens = list(map(sympify, gens.split(',')))",
    '',
    "                if ground in ['Z', 'ZZ']:",
    '                    return sympy.polys.domains.ZZ.poly_ring(*gens)',
    '                else:',
    '                    return sympy.polys.domains.QQ.poly_ring(*gens)',
    '',
    '            r = cls._re_fraction.match(domain)',
    '',
    '            if r is not None:',
    '                ground, gens = r.groups()',
    '',
    "                gens = list(map(sympify, gens.split(',')))",
    '',
    "                if ground in ['Z', 'ZZ']:",
    '                    return sympy.polys.domains.ZZ.frac_field(*gens)',
    '                else:',
    '                    return sympy.polys.domains.QQ.frac_field(*gens)',
    '',
    "        raise OptionError('expected a valid domain specification, got %s' % domain)",
    '',
  ].join('\n');
  const guard = ['                if not gens:', '                    raise OptionError("expected generators in %s" % domain)'];
  const reply = (beforeMarker: string[]) => [
    '```python',
    '# sympy/polys/polyoptions.py',
    '            r = cls._re_fraction.match(domain)',
    '',
    '            if r is not None:',
    '                ground, gens = r.groups()',
    '',
    "                gens = list(map(sympify, gens.split(',')))",
    ...guard,
    ...beforeMarker,
    '                # ... existing code ...',
    '```',
    '',
  ].join('\n');

  it('still refuses the guard, which reads like an edit of Wrt\'s `if not wrt:` (left: the exemption that wrote it wrote CPython\'s email/message.py and tkinter/simpledialog.py wrong)', () => {
    // A rule that passed over a new control-flow line resembling one in another definition wrote
    // this case as meant, but on 1,100 CPython commits (lazy replay) it wrote two files wrong that
    // were refused before: reverted, the refusal names the line it takes the guard for.
    for (const blank of [[''], []]) {
      const planned = result('sympy/polys/polyoptions.py', polyoptions, reply(blank));
      assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
      assert.match(planned.receipt.errors[0]?.message ?? '', /"if not gens:" looks like an edit of line 8/);
    }
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

describe('pasted replies: a git diff cut off mid-hunk inside a closed fence', () => {
  // pytest's src/_pytest/skipping.py at the pytest-dev__pytest-7432 base (blob 7bd975e5a), the hook
  // the patch changes; the patch is an agent's "Completion A" (index 7bd975e5a..a630dbd4f): one
  // hunk turning the hook's `elif` chain into `else:` and a nested `if`.
  const path = 'src/_pytest/skipping.py';
  const hook = "@hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item: Item, call: CallInfo[None]):\n    outcome = yield\n    rep = outcome.get_result()\n    xfailed = item._store.get(xfailed_key, None)\n    # unittest special case, see setting of unexpectedsuccess_key\n    if unexpectedsuccess_key in item._store and rep.when == \"call\":\n        reason = item._store[unexpectedsuccess_key]\n        if reason:\n            rep.longrepr = \"Unexpected success: {}\".format(reason)\n        else:\n            rep.longrepr = \"Unexpected success\"\n        rep.outcome = \"failed\"\n    elif item.config.option.runxfail:\n        pass  # don't interfere\n    elif call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n        assert call.excinfo.value.msg is not None\n        rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n        rep.outcome = \"skipped\"\n    elif not rep.skipped and xfailed:\n        if call.excinfo:\n            raises = xfailed.raises\n            if raises is not None and not isinstance(call.excinfo.value, raises):\n                rep.outcome = \"failed\"\n            else:\n                rep.outcome = \"skipped\"\n                rep.wasxfail = xfailed.reason\n        elif call.when == \"call\":\n            if xfailed.strict:\n                rep.outcome = \"failed\"\n                rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n            else:\n                rep.outcome = \"passed\"\n                rep.wasxfail = xfailed.reason\n    elif (\n        item._store.get(skipped_by_mark_key, True)\n        and rep.skipped\n        and type(rep.longrepr) is tuple\n    ):\n        # skipped by mark.skipif; change the location of the failure\n        # to point to the item definition, otherwise it will display\n        # the location of where the skip exception was raised within pytest\n        _, _, reason = rep.longrepr\n        filename, line = item.reportinfo()[:2]\n        assert line is not None\n        rep.longrepr = str(filename), line + 1, reason\n";
  const diff = "diff --git a/src/_pytest/skipping.py b/src/_pytest/skipping.py\nindex 7bd975e5a..a630dbd4f 100644\n--- a/src/_pytest/skipping.py\n+++ b/src/_pytest/skipping.py\n@@ -270,35 +270,33 @@ def pytest_runtest_makereport(item: Item, call: CallInfo[None]):\n         else:\n             rep.longrepr = \"Unexpected success\"\n         rep.outcome = \"failed\"\n-    elif item.config.option.runxfail:\n-        pass  # don't interfere\n-    elif call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n-        assert call.excinfo.value.msg is not None\n-        rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n-        rep.outcome = \"skipped\"\n-    elif not rep.skipped and xfailed:\n-        if call.excinfo:\n-            raises = xfailed.raises\n-            if raises is not None and not isinstance(call.excinfo.value, raises):\n-                rep.outcome = \"failed\"\n-            else:\n+    else:\n+        if not item.config.option.runxfail:\n+            if call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n+                assert call.excinfo.value.msg is not None\n+                rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n                 rep.outcome = \"skipped\"\n-                rep.wasxfail = xfailed.reason\n-        elif call.when == \"call\":\n-            if xfailed.strict:\n-                rep.outcome = \"failed\"\n-                rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n-            else:\n-                rep.outcome = \"passed\"\n-                rep.wasxfail = xfailed.reason\n-    elif (\n+            elif not rep.skipped and xfailed:\n+                if call.excinfo:\n+                    raises = xfailed.raises\n+                    if raises is not None and not isinstance(call.excinfo.value, raises):\n+                        rep.outcome = \"failed\"\n+                    else:\n+                        rep.outcome = \"skipped\"\n+                        rep.wasxfail = xfailed.reason\n+                elif call.when == \"call\":\n+                    if xfailed.strict:\n+                        rep.outcome = \"failed\"\n+                        rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n+                    else:\n+                        rep.outcome = \"passed\"\n+                        rep.wasxfail = xfailed.reason\n+\n+    if (\n         item._store.get(skipped_by_mark_key, True)\n         and rep.skipped\n         and type(rep.longrepr) is tuple\n     ):\n-        # skipped by mark.skipif; change the location of the failure\n-        # to point to the item definition, otherwise it will display\n-        # the location of where the skip exception was raised within pytest\n         _, _, reason = rep.longrepr\n         filename, line = item.reportinfo()[:2]\n         assert line is not None\n";
  // The same diff cut off after `+            elif not rep.skipped and xfailed:` (its header still
  // counts 35 old and 33 new lines), the fence closed after it.
  const cutBody = "diff --git a/src/_pytest/skipping.py b/src/_pytest/skipping.py\nindex 7bd975e5a..a630dbd4f 100644\n--- a/src/_pytest/skipping.py\n+++ b/src/_pytest/skipping.py\n@@ -270,35 +270,33 @@ def pytest_runtest_makereport(item: Item, call: CallInfo[None]):\n         else:\n             rep.longrepr = \"Unexpected success\"\n         rep.outcome = \"failed\"\n-    elif item.config.option.runxfail:\n-        pass  # don't interfere\n-    elif call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n-        assert call.excinfo.value.msg is not None\n-        rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n-        rep.outcome = \"skipped\"\n-    elif not rep.skipped and xfailed:\n-        if call.excinfo:\n-            raises = xfailed.raises\n-            if raises is not None and not isinstance(call.excinfo.value, raises):\n-                rep.outcome = \"failed\"\n-            else:\n+    else:\n+        if not item.config.option.runxfail:\n+            if call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n+                assert call.excinfo.value.msg is not None\n+                rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n                 rep.outcome = \"skipped\"\n-                rep.wasxfail = xfailed.reason\n-        elif call.when == \"call\":\n-            if xfailed.strict:\n-                rep.outcome = \"failed\"\n-                rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n-            else:\n-                rep.outcome = \"passed\"\n-                rep.wasxfail = xfailed.reason\n-    elif (\n+            elif not rep.skipped and xfailed:\n";

  it('refuses the hunk whose fence closes before the lines its git header counts, when the missing lines hold changes (the `elif` chain was deleted and the new `elif` left without its body)', () => {
    for (const reply of ['Here is the fix:\n\n```diff\n' + cutBody + '```\n', 'Here is the fix:\n\n```diff\n' + cutBody + '```\n\nThis should resolve the issue.\n']) {
      const planned = result(path, hook, reply);
      assert.equal(planned.changes.length, 0);
      assert.equal(planned.receipt.errors[0]?.code, 'INCOMPLETE_BLOCK');
      assert.match(planned.receipt.errors[0]?.message ?? '', /counts 35 old and 33 new lines, and the fence holds 25 and 10/);
    }
  });

  it('applies the whole hunk in a closed fence, and under a header over-counting both sides alike (after-context counted, not written)', () => {
    const whole = written(path, hook, '```diff\n' + diff + '```\n');
    assert.match(whole, /    else:\n        if not item.config.option.runxfail:\n/);
    assert.match(whole, /                        rep.wasxfail = xfailed.reason\n\n    if \(\n/);
    assert.equal(written(path, hook, '```diff\n' + diff.replace('@@ -270,35 +270,33 @@', '@@ -270,37 +270,35 @@') + '```\n'), whole);
    // Its three after-context lines left out, still counted: both sides 3 short alike, which
    // context alone explains (bare at the reply's end, git's counts refuse it as cut).
    const withoutAfterContext = diff.split('\n').slice(0, -4).join('\n') + '\n';
    assert.match(withoutAfterContext, /# the location of where the skip exception was raised within pytest\n$/);
    assert.equal(written(path, hook, '```diff\n' + withoutAfterContext + '```\n'), whole);
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
describe('pasted replies: a Cursor snippet deleting a whole YAML list item with "-" lines (p52/a 39, an Ansible tasks/main.yml)', () => {
  // The probe's Ansible role: three top-level tasks, the last two ending with the same `notify:`.
  const tasks = [
    '---',
    '- name: Install nginx',
    '  apt:',
    '    name: nginx',
    '    state: present',
    '    update_cache: yes',
    '',
    '- name: Copy site config',
    '  template:',
    '    src: site.conf.j2',
    '    dest: /etc/nginx/sites-available/site.conf',
    '  notify: reload nginx',
    '',
    '- name: Enable site',
    '  file:',
    '    src: /etc/nginx/sites-available/site.conf',
    '    dest: /etc/nginx/sites-enabled/site.conf',
    '    state: link',
    '  notify: reload nginx',
    '',
  ];
  const path = 'roles/web/tasks/main.yml';
  const reply = (lines: readonly string[]) => ['The site is enabled by the package\'s default config now; remove the symlink task:', '', '```yaml', ...lines, '```', ''].join('\n');
  const enableSite = tasks.slice(13, 19);
  const copyConfig = tasks.slice(7, 12);

  it('deletes the last task, and the blank line that parted it from the one above', () => {
    const block = ['# ... existing code ...', '  notify: reload nginx', '', ...enableSite.map((line) => `-${line}`)];
    assert.equal(writtenOnTarget(path, tasks.join('\n'), reply(block)), [...tasks.slice(0, 12), ''].join('\n'));
  });

  it('deletes a task between two others, its blank line given with a "-" as well', () => {
    const block = ['# ... existing code ...', '    update_cache: yes', '', ...[...copyConfig, ''].map((line) => `-${line}`), '- name: Enable site', '# ... existing code ...'];
    assert.equal(writtenOnTarget(path, tasks.join('\n'), reply(block)), [...tasks.slice(0, 7), ...tasks.slice(13)].join('\n'));
  });

  it('keeps reading comment lines given one more "-" at one depth as the lines changed (Lua\'s "--" made LuaDoc\'s "---")', () => {
    const lua = ['-- Split windows', 'vim.opt.splitright = true', '', '-- Returns the sum', '-- of a and b', 'local function add(a, b)', '  return a + b', 'end', ''];
    const docs = ['```lua', '-- ... existing code ...', 'vim.opt.splitright = true', '', '--- Returns the sum', '--- of a and b', 'local function add(a, b)', '-- ... existing code ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget('init.lua', lua.join('\n'), docs), lua.join('\n').replace('-- Returns the sum\n-- of a and b', '--- Returns the sum\n--- of a and b'));
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


describe('pasted replies: a method\'s docstring elided by a marker, then its new body (p52/c 40, 50, matplotlib widgets.py)', () => {
  // lib/matplotlib/widgets.py (3.4), cut to Slider's and RangeSlider's twin `on_changed` methods:
  // the same signature and last line, docstrings that differ in one sentence.
  const docstring = (accepts: string[]) => [
    '        """',
    '        Connect *func* as callback function to changes of the slider value.',
    '',
    '        Parameters',
    '        ----------',
    '        func : callable',
    ...accepts,
    '',
    '        Returns',
    '        -------',
    '        int',
    '            Connection id (which can be used to disconnect *func*).',
    '        """',
  ];
  const onChanged = (accepts: string[]) => ['    def on_changed(self, func):', ...docstring(accepts), "        return self._observers.connect('changed', lambda val: func(val))"];
  const sliderAccepts = ['            Function to call when slider is changed.', '            The function must accept a single float as its arguments.'];
  const rangeAccepts = ['            Function to call when slider is changed. The function', '            must accept a numpy array with shape (2,) as its argument.'];
  const widgets = [
    'class Slider(SliderBase):',
    '    """',
    '    A slider representing a floating point range.',
    '    """',
    '',
    ...onChanged(sliderAccepts),
    '',
    '',
    'class RangeSlider(SliderBase):',
    '    """',
    '    A slider representing a range of floating point values.',
    '    """',
    '',
    '    def set_val(self, val):',
    '        self.val = val',
    '        if self.eventson:',
    '            self._observers.process("changed", val)',
    '',
    ...onChanged(rangeAccepts),
    '',
    '',
    'def _expand_text_props(props):',
    '    props = cbook.normalize_kwargs(props, mtext.Text)',
    '    return cycler(**props)() if props else itertools.repeat(props)',
    '',
  ];
  const newBody = [
    "        cid = self._observers.connect('changed', lambda val: func(val))",
    "        self._observers.process('changed', self.val)  # Ensure the callback is called with the initial value",
    '        return cid',
  ];
  const reply = (head: string[], marker: string) => [
    'In `lib/matplotlib/widgets.py`, update `RangeSlider.on_changed`:',
    '',
    '```python',
    ...head,
    '    def on_changed(self, func):',
    marker,
    ...newBody,
    '```',
    '',
  ].join('\n');
  const path = 'lib/matplotlib/widgets.py';
  const rangeHead = ['class RangeSlider(SliderBase):', '    # ... existing code ...', ''];

  it('reads `# ... existing docstring ...` or `"""..."""` under the method as its docstring in the file, and rewrites the body after it', () => {
    const at = widgets.indexOf("        return self._observers.connect('changed', lambda val: func(val))", widgets.indexOf('class RangeSlider(SliderBase):'));
    const expected = [...widgets.slice(0, at), ...newBody, ...widgets.slice(at + 1)].join('\n');
    for (const marker of ['        # ... existing docstring ...', '        """..."""']) {
      assert.equal(written(path, widgets.join('\n'), reply(rangeHead, marker)), expected, marker);
    }
  });

  it('still refuses the twin method named by nothing but its own line', () => {
    for (const marker of ['        # ... existing docstring ...', '        """..."""']) {
      const planned = result(path, widgets.join('\n'), reply([], marker));
      assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED', marker);
      assert.equal(planned.changes.length, 0);
    }
  });
});

describe('pasted replies: a "# ... Linux/Windows/Mac entries ..." marker naming the lines it stands for (p52/f 25, 77, flask tests.yaml)', () => {
  // pallets/flask .github/workflows/tests.yaml @0066040, cut to the matrix and the last steps.
  const workflow = [
    'jobs:',
    '  tests:',
    '    strategy:',
    '      fail-fast: false',
    '      matrix:',
    '        include:',
    "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}",
    "          - {name: Windows, python: '3.12', os: windows-latest, tox: py312}",
    "          - {name: Mac, python: '3.12', os: macos-latest, tox: py312}",
    "          - {name: '3.11', python: '3.11', os: ubuntu-latest, tox: py311}",
    "          - {name: '3.10', python: '3.10', os: ubuntu-latest, tox: py310}",
    '          - {name: Typing, python: \'3.12\', os: ubuntu-latest, tox: typing}',
    '    steps:',
    '      - run: pip install tox',
    '      - run: tox run -e ${{ matrix.tox }}',
    '',
  ].join('\n');
  const path = '.github/workflows/tests.yaml';
  const py313 = "          - {name: '3.13', python: '3.13', os: ubuntu-latest, tox: py313}";
  const reply = (first: string) => ['```yaml', '      matrix:', '        include:', first, py313, "          - {name: '3.11', python: '3.11', os: ubuntu-latest, tox: py311}", '          # ... remaining entries ...', '```', ''].join('\n');

  it('keeps the three entries the marker names and adds the new one before 3.11', () => {
    // Was: the marker written as a comment in place of the Linux, Windows and Mac entries, exit 0.
    const expected = workflow.replace("          - {name: '3.11'", `${py313}\n          - {name: '3.11'`);
    assert.equal(writtenOnTarget(path, workflow, reply('          # ... Linux/Windows/Mac entries ...')), expected);
    assert.equal(writtenOnTarget(path, workflow, reply('          # ... 3.12 entries ...')), expected);
  });

  it('writes such a comment where it stands for nothing, and keeps one the file has as the file\'s line', () => {
    // Right above the lines it is written over, it stands for no line: a comment the reply adds.
    const comment = '          # ... main platforms ...';
    const added = ['```yaml', '        include:', comment, "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}", '          # ... remaining entries ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget(path, workflow, added), workflow.replace('        include:\n', `        include:\n${comment}\n`));
    // The file's own comment of that shape is text it quotes, not a marker.
    const commented = workflow.replace('        include:\n', `        include:\n${comment}\n`);
    const quoted = ['```yaml', '        include:', comment, py313, "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}", '          # ... remaining entries ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget(path, commented, quoted), commented.replace(`${comment}\n`, `${comment}\n${py313}\n`));
  });
});

describe('pasted replies: a new Elixir defimpl after a re-printed one, its `end` alike to the next impl\'s (p52/f 32, phoenix param.ex)', () => {
  // phoenixframework/phoenix lib/phoenix/param.ex @0dfa349, the protocol's doc cut.
  const param = [
    'defprotocol Phoenix.Param do',
    '  @fallback_to_any true',
    '',
    '  @spec to_param(term) :: String.t',
    '  def to_param(term)',
    'end',
    '',
    'defimpl Phoenix.Param, for: Integer do',
    '  def to_param(int), do: Integer.to_string(int)',
    'end',
    '',
    'defimpl Phoenix.Param, for: BitString do',
    '  def to_param(bin) when is_binary(bin), do: bin',
    'end',
    '',
    'defimpl Phoenix.Param, for: Atom do',
    '  def to_param(nil) do',
    '    raise ArgumentError, "cannot convert nil to param"',
    '  end',
    '',
    '  def to_param(atom) do',
    '    Atom.to_string(atom)',
    '  end',
    'end',
    '',
  ].join('\n');
  const path = 'lib/phoenix/param.ex';
  const integer = ['defimpl Phoenix.Param, for: Integer do', '  def to_param(int), do: Integer.to_string(int)', 'end'];
  const float = ['defimpl Phoenix.Param, for: Float do', '  def to_param(float), do: Float.to_string(float)', 'end'];
  const reply = (lines: string[]) => ['```elixir', '# lib/phoenix/param.ex', '# ... protocol definition unchanged ...', '', ...lines, '', '# ... rest of implementations unchanged ...', '```', ''].join('\n');

  it('inserts the new impl between Integer and BitString, deleting nothing', () => {
    // Was: the new impl's `end` taken for BitString's (its lines "edited" by the new ones), and the BitString impl written over.
    const expected = param.replace('defimpl Phoenix.Param, for: BitString do', `${float.join('\n')}\n\ndefimpl Phoenix.Param, for: BitString do`);
    assert.equal(writtenOnTarget(path, param, reply([...integer, '', ...float])), expected);
  });

  it('still rewrites the BitString impl the snippet shows by its own header', () => {
    const trimmed = ['defimpl Phoenix.Param, for: BitString do', '  def to_param(bin) when is_binary(bin), do: String.trim(bin)', 'end'];
    const expected = param.replace('do: bin\n', 'do: String.trim(bin)\n');
    assert.equal(writtenOnTarget(path, param, reply([...integer, '', ...trimmed])), expected);
  });
});

describe('pasted replies: a new <repository> after a marker keeping the only one the pom has (p52/f 46, spring-guides gs-rest-service pom.xml)', () => {
  // spring-guides/gs-rest-service complete/pom.xml @05b14dd (tabs), cut to its properties and repositories.
  const pom = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '\t<modelVersion>4.0.0</modelVersion>',
    '\t<properties>',
    '\t\t<java.version>11</java.version>',
    '\t</properties>',
    '',
    '\t<repositories>',
    '\t\t<repository>',
    '\t\t\t<id>spring-release</id>',
    '\t\t\t<name>Spring release</name>',
    '\t\t\t<url>https://repo.spring.io/release</url>',
    '\t\t</repository>',
    '\t</repositories>',
    '\t<pluginRepositories>',
    '\t\t<pluginRepository>',
    '\t\t\t<id>spring-release</id>',
    '\t\t\t<name>Spring release</name>',
    '\t\t\t<url>https://repo.spring.io/release</url>',
    '\t\t</pluginRepository>',
    '\t</pluginRepositories>',
    '',
    '</project>',
    '',
  ].join('\n');
  const snapshot = ['\t\t<repository>', '\t\t\t<id>spring-snapshot</id>', '\t\t\t<name>Spring snapshot</name>', '\t\t\t<url>https://repo.spring.io/snapshot</url>', '\t\t</repository>'];
  const fenced = (lines: string[]) => ['```xml', ...lines, '```', ''].join('\n');

  it('appends the new repository after spring-release, which the marker keeps', () => {
    // Was: the new tags taken for the file's `<repository>` and `</repository>`, spring-release written over, exit 0.
    const reply = fenced(['\t<repositories>', '\t\t<!-- ... existing spring-release repository ... -->', ...snapshot, '\t</repositories>']);
    const expected = pom.replace('\t\t</repository>\n\t</repositories>', `\t\t</repository>\n${snapshot.join('\n')}\n\t</repositories>`);
    assert.equal(writtenOnTarget('pom.xml', pom, reply), expected);
  });

  it('still edits an element by its bare tags where its body keeps a line, and rewrites one shown whole without markers', () => {
    const version = fenced(['\t<!-- ... existing code ... -->', '\t<properties>', '\t\t<java.version>21</java.version>', '\t</properties>', '\t<!-- ... existing code ... -->']);
    assert.equal(writtenOnTarget('pom.xml', pom, version), pom.replace('11</java.version>', '21</java.version>'));
    const renamed = fenced(['\t<repositories>', '\t\t<repository>', '\t\t\t<id>spring-release</id>', '\t\t\t<name>Spring releases</name>', '\t\t\t<url>https://repo.spring.io/release</url>', '\t\t</repository>', '\t</repositories>']);
    assert.equal(writtenOnTarget('pom.xml', pom, renamed), pom.replace('<name>Spring release</name>\n\t\t\t<url>https://repo.spring.io/release</url>\n\t\t</repository>', '<name>Spring releases</name>\n\t\t\t<url>https://repo.spring.io/release</url>\n\t\t</repository>'));
  });
});

describe('pasted replies: a new <dependency> after a marker keeping the existing ones, above </dependencies> (p52/f 43, 44, spring-guides gs-rest-service pom.xml)', () => {
  // spring-guides/gs-rest-service complete/pom.xml @05b14dd (tabs), cut to three of its five dependencies and the build after them.
  const pom = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '\t<dependencies>',
    '\t\t<dependency>',
    '\t\t\t<groupId>org.springframework.boot</groupId>',
    '\t\t\t<artifactId>spring-boot-starter-web</artifactId>',
    '\t\t</dependency>',
    '',
    '\t\t<dependency>',
    '\t\t\t<groupId>com.h2database</groupId>',
    '\t\t\t<artifactId>h2</artifactId>',
    '\t\t\t<version>1.4.200</version>',
    '\t\t</dependency>',
    '',
    '\t\t<dependency>',
    '\t\t\t<groupId>org.springframework.boot</groupId>',
    '\t\t\t<artifactId>spring-boot-starter-test</artifactId>',
    '\t\t\t<scope>test</scope>',
    '\t\t</dependency>',
    '\t</dependencies>',
    '',
    '\t<build>',
    '\t\t<plugins>',
    '\t\t\t<plugin>',
    '\t\t\t\t<groupId>org.springframework.boot</groupId>',
    '\t\t\t\t<artifactId>spring-boot-maven-plugin</artifactId>',
    '\t\t\t</plugin>',
    '\t\t</plugins>',
    '\t</build>',
    '</project>',
    '',
  ].join('\n');
  const validation = ['\t\t<dependency>', '\t\t\t<groupId>org.springframework.boot</groupId>', '\t\t\t<artifactId>spring-boot-starter-validation</artifactId>', '\t\t</dependency>'];
  const appended = pom.replace('\t\t\t<scope>test</scope>\n\t\t</dependency>\n', `\t\t\t<scope>test</scope>\n\t\t</dependency>\n\n${validation.join('\n')}\n`);
  const fenced = (lines: string[]) => ['```xml', ...lines, '```', ''].join('\n');

  it('appends the new dependency before </dependencies>, in the file\'s tabs (43)', () => {
    // Was: ELISION_UNRESOLVED, the new `<dependency>` and `<groupId>org.springframework.boot</groupId>`
    // read as spring-boot-starter-test's first lines, three lines above, with the lines between maybe deleted.
    const reply = fenced(['\t<dependencies>', '\t\t<!-- ... existing dependencies ... -->', '', ...validation, '\t</dependencies>']);
    assert.equal(writtenOnTarget('pom.xml', pom, reply), appended);
  });

  it('appends it the same when the snippet is in 4 spaces from column 0 (44)', () => {
    // Was: ELISION_UNRESOLVED, the new lines maybe replacing spring-boot-starter-test, "between its own blank lines".
    const spaced = validation.map((line) => line.replace(/^\t\t/, '').replace(/\t/g, '    ')).map((line) => `    ${line}`);
    const reply = fenced(['<dependencies>', '    <!-- ... existing dependencies ... -->', '', ...spaced, '</dependencies>']);
    assert.equal(writtenOnTarget('pom.xml', pom, reply), appended);
  });

  it('still edits the last dependency the snippet shows by its artifactId', () => {
    const reply = fenced(['\t<dependencies>', '\t\t<!-- ... existing dependencies ... -->', '', '\t\t<dependency>', '\t\t\t<groupId>org.springframework.boot</groupId>', '\t\t\t<artifactId>spring-boot-starter-test</artifactId>', '\t\t\t<scope>compile</scope>', '\t\t</dependency>', '\t</dependencies>']);
    assert.equal(writtenOnTarget('pom.xml', pom, reply), pom.replace('<scope>test</scope>', '<scope>compile</scope>'));
  });
});

describe('pasted replies: the last <pluginRepository> re-printed with a new one after it, no marker (p52/f 47, spring-guides gs-rest-service pom.xml)', () => {
  // spring-guides/gs-rest-service complete/pom.xml @05b14dd (tabs), cut to its end: the repositories, whose bodies are twins.
  const pom = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '\t<modelVersion>4.0.0</modelVersion>',
    '\t<artifactId>rest-service-complete</artifactId>',
    '\t<version>0.0.1-SNAPSHOT</version>',
    '\t<description>Demo project for Spring Boot</description>',
    '',
    '\t<repositories>',
    '\t\t<repository>',
    '\t\t\t<id>spring-release</id>',
    '\t\t\t<name>Spring release</name>',
    '\t\t\t<url>https://repo.spring.io/release</url>',
    '\t\t</repository>',
    '\t</repositories>',
    '\t<pluginRepositories>',
    '\t\t<pluginRepository>',
    '\t\t\t<id>spring-release</id>',
    '\t\t\t<name>Spring release</name>',
    '\t\t\t<url>https://repo.spring.io/release</url>',
    '\t\t</pluginRepository>',
    '\t</pluginRepositories>',
    '',
    '</project>',
    '',
  ].join('\n');
  const release = ['\t\t<pluginRepository>', '\t\t\t<id>spring-release</id>', '\t\t\t<name>Spring release</name>', '\t\t\t<url>https://repo.spring.io/release</url>', '\t\t</pluginRepository>'];
  const snapshot = ['\t\t<pluginRepository>', '\t\t\t<id>spring-snapshot</id>', '\t\t\t<name>Spring snapshot</name>', '\t\t\t<url>https://repo.spring.io/snapshot</url>', '\t\t</pluginRepository>'];
  const fenced = (lines: string[]) => ['```xml', ...lines, '```', ''].join('\n');

  it('adds the snapshot pluginRepository after the release one', () => {
    // Was: NO_EDITS_FOUND: the block's 10-line window at the re-printed place ran past the file's
    // end (3 lines after it), so that place was never a candidate.
    const expected = pom.replace('\t\t</pluginRepository>\n', `\t\t</pluginRepository>\n${snapshot.join('\n')}\n`);
    assert.equal(writtenOnTarget('pom.xml', pom, fenced([...release, ...snapshot])), expected);
  });

  it('still refuses the twin bodies alone with a new line, which both repositories hold', () => {
    const planned = onTarget('pom.xml', pom, fenced(['\t\t\t<id>spring-release</id>', '\t\t\t<name>Spring release</name>', '\t\t\t<url>https://repo.spring.io/release</url>', '\t\t\t<layout>default</layout>']));
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.changes.length, 0);
  });
});
