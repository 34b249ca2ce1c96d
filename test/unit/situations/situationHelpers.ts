/**
 * Fixtures shared by describes in more than one file of test/unit/situations/: real files, cut to
 * the lines the cases quote, that several situations are measured on.
 */

/**
 * ListAndWatch's watch-list branch in kubernetes' client-go tools/cache/reflector.go (2b02db1),
 * from its first declaration to the fallback LIST, one string per line in the file's tabs (no line
 * ends): the lines both reflector.go cases quote (lazySnippetAnchors' log call rewritten in its
 * printf form, wholeFilesAndReindent's Go function re-printed with spaces).
 */
export const listAndWatchBranch: readonly string[] = [
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

/**
 * The lines of spring-guides/gs-rest-service complete/pom.xml @05b14dd (tabs) from `<repositories>`
 * to `</project>`: the repositories and pluginRepositories, each holding only spring-release, so
 * that the two bodies are twins.
 */
const gsRestServiceRepositories: readonly string[] = [
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
];

/**
 * spring-guides/gs-rest-service complete/pom.xml @05b14dd (tabs), cut to its head and its end:
 * the XML declaration, `<project>` and `<modelVersion>`, then `head` (the few lines a case is
 * about, e.g. `<properties>` or the project's coordinates), one blank line, the repositories and
 * pluginRepositories (twin spring-release bodies) and `</project>`. LF line ends, one final
 * newline, no other line than these.
 */
export function gsRestServicePom(head: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '\t<modelVersion>4.0.0</modelVersion>',
    ...head,
    '',
    ...gsRestServiceRepositories,
    '',
  ].join('\n');
}

// sortedcontainers 2.4.0 sortedlist.py, SortedList.clear and the lines around it.
/** Used by the p54 situations of empty and blank-edged SEARCH blocks. */
export const sortedList = [
  '        self._update(values)',
  '',
  '',
  '    def clear(self):',
  '        """Remove all values from sorted list.',
  '',
  '        Runtime complexity: `O(n)`',
  '',
  '        """',
  '        self._len = 0',
  '        del self._lists[:]',
  '        del self._maxes[:]',
  '        del self._index[:]',
  '        self._offset = 0',
  '',
  '    _clear = clear',
].join('\n') + '\n';
