package org.hadoopdb.datagen;

import java.io.IOException;
import java.util.Arrays;

/**
 * {@code Documents}: one HTML page per row, in two representations.
 *
 * <p>Each page is {@code <html><head></head><body>} + tokens + {@code </body></html>}, with about
 * Normal(10 000, 1 000) characters of tokens separated by a space, or by a newline once a line has passed
 * 80 characters. A token is a word of {@link WordList} (uniform) or a link
 * {@code <a href="http://URL.html">link</a>}. Document {@code d} carries the links of its slots in the
 * {@link LinkGraph}, placed at uniformly random character positions of its text; their targets are
 * Zipf-distributed over the URL pool and add up to the Rankings pageRanks. The page's own URL is pool URL
 * {@code d}.
 *
 * <p>Representations:
 * <ul>
 *   <li>{@code documents/part-NNNNN}, the table for HadoopDB: one row per document, {@code url|contents},
 *       with the contents escaped in the PostgreSQL {@code COPY} text convention: newline as {@code \n},
 *       carriage return as {@code \r}, backslash as {@code \\} and {@code |} as {@code \|}. Loading with
 *       {@code COPY ... (FORMAT text, DELIMITER '|')} restores the text exactly. (The generated text has
 *       newlines but no backslash, {@code |} or carriage return; the escaping is complete anyway.)</li>
 *   <li>{@code documents-hadoop/part-NNNNN}, the Hadoop baseline's input: the raw pages concatenated, each
 *       followed by a newline, one file per part of
 *       {@link PavloTable#defaultRowsPerPart() 25 000} documents, about 256 MB (the paper's HDFS block).</li>
 * </ul>
 */
final class DocumentsGenerator implements PartContent {

    /** The Hadoop-baseline representation's directory. */
    static final String HADOOP_DIRECTORY = "documents-hadoop";

    static final double MEAN_TOKEN_CHARS = 10_000;
    static final double SD_TOKEN_CHARS = 1_000;
    static final double LINK_PROBABILITY = 0.05;
    static final int LINE_WIDTH = 80;
    private static final int MIN_TOKEN_CHARS = 100;

    private static final String HEAD = "<html><head></head><body>";
    private static final String TAIL = "</body></html>";
    private static final String LINK_OPEN = "<a href=\"";
    private static final String LINK_CLOSE = "\">link</a>";

    private final UrlPool urls;
    private final LinkGraph links;
    private final long documentSeed;
    private final WordList words = WordList.get();

    DocumentsGenerator(UrlPool urls, LinkGraph links, long seed) {
        this.urls = urls;
        this.links = links;
        this.documentSeed = Seeds.stream(seed, "documents");
    }

    /**
     * The mean number of links per document so that 5 % of tokens are links: the token count follows from
     * the text length and the mean word and link lengths (plus one separator each).
     */
    static double meanLinksPerDocument(UrlPool urls) {
        double wordChars = WordList.get().meanLength() + 1;
        double linkChars = LINK_OPEN.length() + urls.meanLength() + LINK_CLOSE.length() + 1;
        double tokens = MEAN_TOKEN_CHARS / ((1 - LINK_PROBABILITY) * wordChars + LINK_PROBABILITY * linkChars);
        return LINK_PROBABILITY * tokens;
    }

    @Override
    public void write(long first, long end, PartOutputs outputs, RowCounter counter) throws IOException {
        AsciiOutput table = outputs.open(PavloTable.DOCUMENTS.directoryName());
        AsciiOutput hadoop = outputs.open(HADOOP_DIRECTORY);
        Page page = new Page();
        for (long doc = first; doc < end; doc++) {
            page.build(doc);
            urls.append(table, doc, page.scratch);
            table.append('|');
            table.appendEscaped(page.text, (byte) '|');
            table.endRow();
            hadoop.append(page.text);
            hadoop.endRow();
            counter.add();
        }
    }

    /** Renders one document; reused across the documents of a part to avoid garbage. */
    private final class Page {
        final AsciiBuilder text = new AsciiBuilder(16 * 1024);
        final Rng rng = new Rng(0);
        final Rng scratch = new Rng(0);
        int[] linkPositions = new int[256];

        void build(long doc) {
            rng.reseed(Seeds.element(documentSeed, doc));
            int tokenChars = (int) Math.max(MIN_TOKEN_CHARS,
                    Math.round(MEAN_TOKEN_CHARS + SD_TOKEN_CHARS * rng.nextGaussian()));
            long firstSlot = links.firstSlot(doc);
            int linkCount = Math.toIntExact(links.firstSlot(doc + 1) - firstSlot);
            if (linkPositions.length < linkCount) {
                linkPositions = new int[linkCount];
            }
            for (int k = 0; k < linkCount; k++) {
                linkPositions[k] = rng.nextInt(tokenChars);
            }
            Arrays.sort(linkPositions, 0, linkCount);

            text.clear();
            text.append(HEAD);
            int position = 0;
            int lineLength = 0;
            int link = 0;
            while (position < tokenChars || link < linkCount) {
                if (position > 0) {
                    text.append(lineLength > LINE_WIDTH ? '\n' : ' ');
                    lineLength = lineLength > LINE_WIDTH ? 0 : lineLength + 1;
                    position++;
                }
                int before = text.length();
                if (link < linkCount && linkPositions[link] <= position) {
                    text.append(LINK_OPEN);
                    urls.append(text, links.target(firstSlot + link), scratch);
                    text.append(LINK_CLOSE);
                    link++;
                } else {
                    text.append(words.word(rng.nextInt(words.size())));
                }
                int written = text.length() - before;
                position += written;
                lineLength += written;
            }
            text.append(TAIL);
        }
    }
}
