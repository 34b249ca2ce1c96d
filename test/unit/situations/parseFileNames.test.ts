import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { replyOnFile as result, writtenByReply as written, onTarget, writtenOnTarget } from '../helpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: parse, which file each block is for. Here
 * the file comes from a bare name, a sentence above the block ("Update `a.py` to use the new file
 * `b.py`:", "Add … to `f`:"), the target file (--file), or nothing at all: whole files and parts
 * named in prose, dotfiles, new files named in prose or by a bare first-line comment, a path that
 * would be both a file and a folder, and a helper in a fence naming no file.
 */

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

describe('pasted replies: a dotfile without an extension named in the sentence above its block (p48/c 49)', () => {
  // neovim/neovim .gitmodules @920db06 (tabs).
  const gitmodules = '[submodule "support/vscode-debugadapter-node"]\n\tpath = support/vscode-debugadapter-node\n\turl = https://github.com/Microsoft/vscode-debugadapter-node\n[submodule "support/python-jsonschema-objects"]\n\tpath = support/python-jsonschema-objects\n\turl = https://github.com/cwacek/python-jsonschema-objects\n';
  const fixed = gitmodules.replace('github.com/Microsoft/', 'github.com/microsoft/');

  it('writes a whole `.gitmodules` presented by "Updated `.gitmodules`:", in a ```gitconfig fence or a plain one', () => {
    for (const tag of ['gitconfig', 'ini', '']) assert.equal(written('.gitmodules', gitmodules, `Updated \`.gitmodules\`:\n\n\`\`\`${tag}\n${fixed}\`\`\`\n`), fixed, tag);
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
