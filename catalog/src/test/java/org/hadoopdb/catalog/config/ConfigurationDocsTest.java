package org.hadoopdb.catalog.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/configuration.md documents exactly the keys ConfigKeys declares. */
class ConfigurationDocsTest {
    private static final Path DOC = Path.of("..", "docs", "configuration.md");

    @Test
    void everyKeyIsDocumentedAndEveryDocumentedKeyExists() throws Exception {
        String doc = Files.readString(DOC);
        List<String> declared = ConfigKeys.all().stream().map(ConfigKey::name).toList();
        for (String key : declared) {
            assertThat(doc).as("docs/configuration.md documents %s", key).contains("`" + key + "`");
        }
        Matcher m = Pattern.compile("\\| `(hadoopdb\\.[a-z0-9.-]+)`").matcher(doc);
        List<String> documented = new ArrayList<>();
        while (m.find()) {
            documented.add(m.group(1));
        }
        assertThat(declared).containsAll(documented);
    }
}
