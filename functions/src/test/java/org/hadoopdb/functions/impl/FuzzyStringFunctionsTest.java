package org.hadoopdb.functions.impl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Hive's soundex and levenshtein, as StringFunctions implements them for generated code. */
class FuzzyStringFunctionsTest {

    @Test
    void soundexOfTheStandardExamples() {
        assertThat(StringFunctions.soundex("Miller")).isEqualTo("M460"); // Hive's documented example
        assertThat(StringFunctions.soundex("Robert")).isEqualTo("R163");
        assertThat(StringFunctions.soundex("Rupert")).isEqualTo("R163");
        assertThat(StringFunctions.soundex("Rubin")).isEqualTo("R150");
        assertThat(StringFunctions.soundex("Tymczak")).isEqualTo("T522"); // a vowel separates the two 2s
        assertThat(StringFunctions.soundex("Pfister")).isEqualTo("P236"); // F codes like the first letter
        assertThat(StringFunctions.soundex("Honeyman")).isEqualTo("H555");
        assertThat(StringFunctions.soundex("Gutierrez")).isEqualTo("G362");
        assertThat(StringFunctions.soundex("Lloyd")).isEqualTo("L300");
    }

    @Test
    void soundexCountsLettersAcrossHAndWOnce() {
        assertThat(StringFunctions.soundex("Ashcraft")).isEqualTo("A261");
        assertThat(StringFunctions.soundex("Ashcroft")).isEqualTo("A261");
        assertThat(StringFunctions.soundex("Bwb")).isEqualTo("B000");
        assertThat(StringFunctions.soundex("Hh")).isEqualTo("H000");
    }

    @Test
    void soundexReadsLettersOnlyInAnyCase() {
        assertThat(StringFunctions.soundex("robert")).isEqualTo("R163");
        assertThat(StringFunctions.soundex("Ab-c d!")).isEqualTo("A123");
        assertThat(StringFunctions.soundex("")).isEqualTo("");
        assertThat(StringFunctions.soundex("123 !")).isEqualTo("");
        assertThat(StringFunctions.soundex("x")).isEqualTo("X000");
        assertThat(StringFunctions.soundex("straße")).isEqualTo("S362"); // ß upper-cases to SS
    }

    @Test
    void soundexIsNullForALetterWithoutACodeBeforeTheCodeIsComplete() {
        assertThat(StringFunctions.soundex("Éric")).isNull();
        assertThat(StringFunctions.soundex("Müller")).isNull();
        assertThat(StringFunctions.soundex("Robertö")).isEqualTo("R163"); // complete before the ö
    }

    @Test
    void levenshteinCountsEdits() {
        assertThat(StringFunctions.levenshtein("kitten", "sitting")).isEqualTo(3); // Hive's documented example
        assertThat(StringFunctions.levenshtein("sitting", "kitten")).isEqualTo(3);
        assertThat(StringFunctions.levenshtein("flaw", "lawn")).isEqualTo(2);
        assertThat(StringFunctions.levenshtein("", "abc")).isEqualTo(3);
        assertThat(StringFunctions.levenshtein("abc", "")).isEqualTo(3);
        assertThat(StringFunctions.levenshtein("", "")).isEqualTo(0);
        assertThat(StringFunctions.levenshtein("same", "same")).isEqualTo(0);
        assertThat(StringFunctions.levenshtein("Abc", "abc")).isEqualTo(1);
    }

    @Test
    void levenshteinCountsUtf16CharsAsHiveDoes() {
        assertThat(StringFunctions.levenshtein("\uD83D\uDE00", "")).isEqualTo(2);
        assertThat(StringFunctions.levenshtein("a\uD83D\uDE00", "a\uD83D\uDE01")).isEqualTo(1);
        assertThat(StringFunctions.levenshtein("é", "e")).isEqualTo(1);
    }
}
