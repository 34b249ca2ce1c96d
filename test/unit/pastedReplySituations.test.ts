import * as assert from 'node:assert/strict';
import { runReply } from '../../src/core/index';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured.
 */
function result(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined));
}
function written(path: string, file: string, reply: string): string {
  const planned = result(path, file, reply);
  assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
  return planned.changes.find((c) => c.path === path)?.newText ?? file;
}

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
