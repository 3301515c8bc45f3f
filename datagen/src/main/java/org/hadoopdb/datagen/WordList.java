package org.hadoopdb.datagen;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The fixed vocabulary of the Documents text and of UserVisits.searchWord.
 *
 * <p>Made by code from a constant seed (pronounceable syllables), not read from a system dictionary: every
 * machine then has the same words, and the data does not depend on what is installed. The list does not
 * depend on the user's seed either, so data sets generated with different seeds share a vocabulary.
 */
final class WordList {

    /** Distinct words in the Documents vocabulary. */
    static final int SIZE = 10_000;
    /** The first this many words are the UserVisits search words ("a few hundred"). */
    static final int SEARCH_WORDS = 400;

    private static final long VOCABULARY_SEED = 0x5EED_0F_D0C5L;
    private static final String[] ONSETS = {
        "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
        "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sc", "sh", "sl", "sp", "st",
        "th", "tr", "qu", "",
    };
    private static final String[] VOWELS = {"a", "e", "i", "o", "u", "a", "e", "i", "o", "ea", "ou", "y"};
    private static final int[] SYLLABLES = {1, 1, 1, 1, 2, 2, 2, 2, 3, 3};
    private static final String[] CODAS = {"", "", "", "", "", "n", "r", "s", "t", "l", "m", "nd", "st", "ck"};

    private static final WordList INSTANCE = new WordList();

    private final List<String> words;
    private final byte[][] wordBytes;
    private final double meanLength;

    private WordList() {
        Rng rng = new Rng(VOCABULARY_SEED);
        Set<String> distinct = new LinkedHashSet<>();
        StringBuilder word = new StringBuilder();
        while (distinct.size() < SIZE) {
            word.setLength(0);
            int syllables = SYLLABLES[rng.nextInt(SYLLABLES.length)]; // mostly short words, like English
            for (int s = 0; s < syllables; s++) {
                word.append(ONSETS[rng.nextInt(ONSETS.length)])
                        .append(VOWELS[rng.nextInt(VOWELS.length)])
                        .append(CODAS[rng.nextInt(CODAS.length)]);
            }
            if (word.length() >= 2 && word.length() <= 16) {
                distinct.add(word.toString());
            }
        }
        words = List.copyOf(new ArrayList<>(distinct));
        wordBytes = new byte[SIZE][];
        long totalLength = 0;
        for (int i = 0; i < SIZE; i++) {
            wordBytes[i] = words.get(i).getBytes(StandardCharsets.US_ASCII);
            totalLength += wordBytes[i].length;
        }
        meanLength = (double) totalLength / SIZE;
    }

    static WordList get() {
        return INSTANCE;
    }

    List<String> words() {
        return words;
    }

    List<String> searchWords() {
        return words.subList(0, SEARCH_WORDS);
    }

    byte[] word(int index) {
        return wordBytes[index];
    }

    int size() {
        return SIZE;
    }

    double meanLength() {
        return meanLength;
    }
}
