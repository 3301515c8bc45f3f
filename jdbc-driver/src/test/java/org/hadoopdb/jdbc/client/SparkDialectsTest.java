package org.hadoopdb.jdbc.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

class SparkDialectsTest {
    @Test
    void withoutSparkNothingIsRegisteredAndNothingFails() throws Exception {
        assertThat(SparkDialects.registerIfPresent(SparkDialectsTest.class.getClassLoader())).isFalse();
        try (URLClassLoader bare = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            assertThat(SparkDialects.registerIfPresent(bare)).isFalse();
        }
    }
}
