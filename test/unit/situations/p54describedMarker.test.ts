import * as assert from 'node:assert/strict';
import { isDescribedElision } from '../../../src/core/parse/elision';
import { writtenOnTarget } from '../helpers';

/**
 * A marker that describes at length the lines it keeps (`# ... keep the user, gosu, locale and
 * repository-key steps exactly as they are ...`, `// ... the respond, …, respondText and
 * respondBytes overloads stay exactly as they are ...`): a comment whose body is words between
 * dots is a marker candidate (`isDescribedElision` in src/core/parse/elision.ts), taken as one
 * where the file has no such line and it stands for lines there (src/core/place/rewrite.ts). Up
 * to 8 words and 120 characters were taken; these longer ones were written into the file as
 * comments (p54/a 08, 39). Material: docker-library/postgres 16/bookworm/Dockerfile @ 03e18d66
 * (cut to its user, locale and version steps) and ktor's ApplicationResponseFunctions.kt @
 * 0d6243c2 (its header and the respondBytes … respondBytesWriter functions).
 */

// docker-library/postgres 16/bookworm/Dockerfile, lines 1-17, 52-65 and 89-98.
const dockerfile = [
  "#",
  "# NOTE: THIS DOCKERFILE IS GENERATED VIA \"apply-templates.sh\"",
  "#",
  "# PLEASE DO NOT EDIT IT DIRECTLY.",
  "#",
  "",
  "FROM debian:bookworm-slim",
  "",
  "# explicitly set user/group IDs",
  "RUN set -eux; \\",
  "\tgroupadd -r postgres --gid=999; \\",
  "# https://salsa.debian.org/postgresql/postgresql-common/blob/997d842ee744687d99a2b2d95c1083a2615c79e8/debian/postgresql-common.postinst#L32-35",
  "\tuseradd -r -g postgres --uid=999 --home-dir=/var/lib/postgresql --shell=/bin/bash postgres; \\",
  "# also create the postgres user's home directory with appropriate permissions",
  "# see https://github.com/docker-library/postgres/issues/274",
  "\tinstall --verbose --directory --owner postgres --group postgres --mode 1777 /var/lib/postgresql",
  "",
  "# make the \"en_US.UTF-8\" locale so postgres will be utf-8 enabled by default",
  "RUN set -eux; \\",
  "\tif [ -f /etc/dpkg/dpkg.cfg.d/docker ]; then \\",
  "# if this file exists, we're likely in \"debian:xxx-slim\", and locales are thus being excluded so we need to remove that exclusion (since we need locales)",
  "\t\tgrep -q '/usr/share/locale' /etc/dpkg/dpkg.cfg.d/docker; \\",
  "\t\tsed -ri '/\\/usr\\/share\\/locale/d' /etc/dpkg/dpkg.cfg.d/docker; \\",
  "\t\t! grep -q '/usr/share/locale' /etc/dpkg/dpkg.cfg.d/docker; \\",
  "\tfi; \\",
  "\tapt-get update; apt-get install -y --no-install-recommends locales; rm -rf /var/lib/apt/lists/*; \\",
  "\techo 'en_US.UTF-8 UTF-8' >> /etc/locale.gen; \\",
  "\tlocale-gen; \\",
  "\tlocale -a | grep 'en_US.utf8'",
  "ENV LANG en_US.utf8",
  "",
  "ENV PG_MAJOR 16",
  "ENV PATH $PATH:/usr/lib/postgresql/$PG_MAJOR/bin",
  "",
  "ENV PG_VERSION 16.4-1.pgdg120+2",
  "",
  "RUN set -ex; \\",
  "\t\\",
  "# see note below about \"*.pyc\" files",
  "\texport PYTHONDONTWRITEBYTECODE=1; \\",
  "\t\\",
].join('\n') + '\n';

// ktor ApplicationResponseFunctions.kt, lines 1-4 and 151-233.
const responseFunctions = [
  "/*",
  " * Copyright 2014-2025 JetBrains s.r.o and contributors. Use of this source code is governed by the Apache 2.0 license.",
  " */",
  "package io.ktor.server.response",
  "",
  "/**",
  " * Responds to a client with a raw bytes response, using the specified [provider] to build a byte array.",
  " *",
  " * [Report a problem](https://ktor.io/feedback/?fqname=io.ktor.server.response.respondBytes)",
  " *",
  " * @see [io.ktor.server.response.ApplicationResponse]",
  " * @param contentType An optional [ContentType], unspecified by default",
  " * @param status An optional [HttpStatusCode], defaults to [HttpStatusCode.OK] unless already assigned",
  " */",
  "public suspend fun ApplicationCall.respondBytes(",
  "    contentType: ContentType? = null,",
  "    status: HttpStatusCode? = null,",
  "    provider: suspend () -> ByteArray",
  ") {",
  "    respond(ByteArrayContent(provider(), contentType, status))",
  "}",
  "",
  "/**",
  " * Responds to a client with a raw bytes response, using specified [bytes].",
  " *",
  " * [Report a problem](https://ktor.io/feedback/?fqname=io.ktor.server.response.respondBytes)",
  " *",
  " * @see [io.ktor.server.response.ApplicationResponse]",
  " * @param contentType An optional [ContentType], unspecified by default",
  " * @param status An optional [HttpStatusCode], defaults to [HttpStatusCode.OK] unless already assigned",
  " */",
  "public suspend fun ApplicationCall.respondBytes(",
  "    bytes: ByteArray,",
  "    contentType: ContentType? = null,",
  "    status: HttpStatusCode? = null,",
  "    configure: OutgoingContent.() -> Unit = {}",
  ") {",
  "    respond(ByteArrayContent(bytes, contentType, status).apply(configure))",
  "}",
  "",
  "/**",
  " * Responds to an [ApplicationCall] with the content from the provided kotlinx-io [Source].",
  " *",
  " *",
  " * [Report a problem](https://ktor.io/feedback/?fqname=io.ktor.server.response.respondSource)",
  " *",
  " * @param source The binary data source of the content to be responded with.",
  " * @param contentType An optional [ContentType], unspecified by default",
  " * @param status An optional [HttpStatusCode], defaults to [HttpStatusCode.OK] unless already assigned",
  " * @param contentLength An optional value included in the Content-Length header, also truncating content",
  " */",
  "public suspend fun ApplicationCall.respondSource(",
  "    source: RawSource,",
  "    contentType: ContentType? = null,",
  "    status: HttpStatusCode? = null,",
  "    contentLength: Long? = null,",
  ") {",
  "    val write: suspend ByteWriteChannel.() -> Unit =",
  "        contentLength?.let { length ->",
  "            { writeBuffer(source, length) }",
  "        } ?: { writeBuffer(source) }",
  "    respond(ChannelWriterContent(write, contentType, status, contentLength))",
  "}",
  "",
  "/**",
  " * Respond with a binary content producer.",
  " *",
  " * The [producer] parameter will be called later when an engine is ready to produce content. You don't need to close it.",
  " * The provided [ByteWriteChannel] will be closed automatically.",
  " *",
  " * [Report a problem](https://ktor.io/feedback/?fqname=io.ktor.server.response.respondBytesWriter)",
  " *",
  " * @param contentType An optional [ContentType], defaults to \"application/octet-stream\"",
  " * @param status An optional [HttpStatusCode], defaults to [HttpStatusCode.OK] unless already assigned",
  " * @param contentLength An optional value included in the Content-Length header, also truncating content",
  " * @param producer A function producing content.",
  " */",
  "public suspend fun ApplicationCall.respondBytesWriter(",
  "    contentType: ContentType? = null,",
  "    status: HttpStatusCode? = null,",
  "    contentLength: Long? = null,",
  "    producer: suspend ByteWriteChannel.() -> Unit",
  ") {",
  "    respond(ChannelWriterContent(producer, contentType ?: ContentType.Application.OctetStream, status, contentLength))",
  "}",
  "",
  "/**",
].join('\n') + '\n';

// The probe's reply (p54/a 39): respondSource with the octet-stream default, below a long marker.
const respondSourceSnippet = [
  "// ... the respond, respondNullable, respondRedirect, respondText and respondBytes overloads stay exactly as they are ...",
  "",
  "/**",
  " * Responds to an [ApplicationCall] with the content from the provided kotlinx-io [Source].",
  " *",
  " *",
  " * [Report a problem](https://ktor.io/feedback/?fqname=io.ktor.server.response.respondSource)",
  " *",
  " * @param source The binary data source of the content to be responded with.",
  " * @param contentType An optional [ContentType], unspecified by default",
  " * @param status An optional [HttpStatusCode], defaults to [HttpStatusCode.OK] unless already assigned",
  " * @param contentLength An optional value included in the Content-Length header, also truncating content",
  " */",
  "public suspend fun ApplicationCall.respondSource(",
  "    source: RawSource,",
  "    contentType: ContentType? = null,",
  "    status: HttpStatusCode? = null,",
  "    contentLength: Long? = null,",
  ") {",
  "    val write: suspend ByteWriteChannel.() -> Unit =",
  "        contentLength?.let { length ->",
  "            { writeBuffer(source, length) }",
  "        } ?: { writeBuffer(source) }",
  "    respond(ChannelWriterContent(write, contentType ?: ContentType.Application.OctetStream, status, contentLength))",
  "}",
  "",
  "// ... rest of the file unchanged ...",
];

describe('pasted replies: a marker describing at length the lines it keeps is a marker, never written as a comment (p54/a 08, 39)', () => {
  it('a Dockerfile snippet under `# ... keep the user, gosu, locale and repository-key steps exactly as they are ...` changes the version only (08)', () => {
    const reply = ['Bump to the 16.5 packages:', '', '```dockerfile', '# Dockerfile', '# ... keep the user, gosu, locale and repository-key steps exactly as they are ...', '', 'ENV PG_MAJOR 16', 'ENV PATH $PATH:/usr/lib/postgresql/$PG_MAJOR/bin', '', 'ENV PG_VERSION 16.5-1.pgdg120+1', '', '# ... rest of the Dockerfile unchanged ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget('Dockerfile', dockerfile, reply), dockerfile.replace('ENV PG_VERSION 16.4-1.pgdg120+2', 'ENV PG_VERSION 16.5-1.pgdg120+1'));
  });

  it('a Kotlin snippet under a 121-character marker naming five overloads changes respondSource only (39)', () => {
    const reply = ['Give `respondSource` the same octet-stream default as `respondBytesWriter`:', '', '```kotlin', ...respondSourceSnippet, '```', ''].join('\n');
    const meant = responseFunctions.replace(
      '    respond(ChannelWriterContent(write, contentType, status, contentLength))',
      '    respond(ChannelWriterContent(write, contentType ?: ContentType.Application.OctetStream, status, contentLength))',
    );
    assert.notEqual(meant, responseFunctions);
    assert.equal(writtenOnTarget('ApplicationResponseFunctions.kt', responseFunctions, reply), meant);
  });

  it('a described marker is still a comment made of words between dots: code, long prose and runs of dots are not', () => {
    assert.equal(isDescribedElision('# ... keep the user, gosu, locale and repository-key steps exactly as they are ...'), true);
    assert.equal(isDescribedElision('// ... foo(a, b); bar() ...'), false);
    assert.equal(isDescribedElision('// ... ' + 'word '.repeat(25) + '...'), false);
    assert.equal(isDescribedElision('// ... see .. and ... here ...'), false);
  });
});
