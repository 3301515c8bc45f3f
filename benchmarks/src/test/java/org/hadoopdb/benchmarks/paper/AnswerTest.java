package org.hadoopdb.benchmarks.paper;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswerTest {
    @Test
    void theSameRowsInAnotherOrderAndFormAgree() {
        Answer a = new Answer(PaperTask.AGGREGATION_SMALL);
        a.add("158.112", 10.5);
        a.add("170.101", 0.25);
        Answer b = new Answer(PaperTask.AGGREGATION_SMALL);
        b.addLine("170.101\t0.25", 0, 1);
        b.addLine("158.112\t10.500000000000002", 0, 1);
        assertThat(a.differenceFrom(b)).isNull();
        assertThat(b.differenceFrom(a)).isNull();
    }

    @Test
    void aMissingRowAWrongKeyOrAWrongSumDisagree() {
        Answer a = new Answer(PaperTask.SELECTION);
        a.add("http://a.html", 12);
        a.add("http://b.html", 15);
        Answer fewer = new Answer(PaperTask.SELECTION);
        fewer.add("http://a.html", 12L);
        assertThat(a.differenceFrom(fewer)).isEqualTo("2 rows vs 1");
        Answer otherKey = new Answer(PaperTask.SELECTION);
        otherKey.add("http://a.html", 12L);
        otherKey.add("http://c.html", 15L);
        assertThat(a.differenceFrom(otherKey)).contains("different rows");
        Answer otherRank = new Answer(PaperTask.SELECTION);
        otherRank.add("http://a.html", 12L);
        otherRank.add("http://b.html", 16L);
        assertThat(a.differenceFrom(otherRank)).contains("column 2 sums to 27.0 vs 28.0");
    }

    @Test
    void swappedValuesWithEqualSumsAreCaughtRowByRow() {
        Answer a = new Answer(PaperTask.SELECTION);
        a.add("http://a.html", 12);
        a.add("http://b.html", 15);
        Answer swapped = new Answer(PaperTask.SELECTION);
        swapped.add("http://a.html", 15);
        swapped.add("http://b.html", 12);
        assertThat(a.differenceFrom(swapped)).startsWith("row 1 differs");
    }

    @Test
    void joinOutputColumnsAreReorderedAndNullsRead() {
        Answer job = new Answer(PaperTask.JOIN);
        job.addLine("158.112.3.4\t1234.5\tNaN", BenchContext.jobOutputOrder(PaperTask.JOIN));
        Answer rows = new Answer(PaperTask.JOIN);
        rows.add("158.112.3.4", null, 1234.5);
        assertThat(job.differenceFrom(rows)).isNull();
    }
}
