package org.hadoopdb.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamesTest {
    @Test
    void suggestsTheClosestNameForATypo() {
        List<String> tables = List.of("uservisits", "rankings", "documents");
        assertThat(Names.didYouMean("uservisit", tables)).isEqualTo(" (did you mean 'uservisits'?)");
        assertThat(Names.didYouMean("RANKING", tables)).isEqualTo(" (did you mean 'rankings'?)");
        assertThat(Names.didYouMean("orders", tables)).isEmpty();
    }

    @Test
    void normalizesToLowerCase() {
        assertThat(Names.normalize(" UserVisits ")).isEqualTo("uservisits");
    }
}
