import * as assert from 'node:assert/strict';
import { replyOnFile as result, writtenByReply as written, onTarget, writtenOnTarget } from '../helpers';
import { gsRestServicePom } from './situationHelpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: elision merge in data files. Here partial
 * blocks and lazy snippets of TOML manifests, YAML, JSON, notebooks and Maven POMs are merged by
 * the files' own structure: keys and elements a partial block ends with, markers inside the
 * document, a cell appended after the last one, and spring-guides' gs-rest-service pom.xml
 * (repositories, dependencies, twin pluginRepository bodies).
 */

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

describe('pasted replies: a new <repository> after a marker keeping the only one the pom has (p52/f 46, spring-guides gs-rest-service pom.xml)', () => {
  // spring-guides/gs-rest-service complete/pom.xml @05b14dd (tabs), cut to its properties and repositories.
  const pom = gsRestServicePom(['\t<properties>', '\t\t<java.version>11</java.version>', '\t</properties>']);
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
  const pom = gsRestServicePom(['\t<artifactId>rest-service-complete</artifactId>', '\t<version>0.0.1-SNAPSHOT</version>', '\t<description>Demo project for Spring Boot</description>']);
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
