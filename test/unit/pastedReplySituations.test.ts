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
