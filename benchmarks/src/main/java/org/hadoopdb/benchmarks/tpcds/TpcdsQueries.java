package org.hadoopdb.benchmarks.tpcds;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The 99 TPC-DS queries (103 texts: q14, q23, q24 and q39 come in two parts) as HiveQL, and the same
 * text as PostgreSQL spells it with Hive's meaning.
 *
 * <p>The texts are the ones Apache Spark's tests keep ({@code tpcds/q*.sql} in {@code spark-sql}'s test
 * jar), which are HiveQL but for a few spellings. The benchmarks module's build copies that jar to
 * {@code target/tpcds-queries/}; only its text files are read, as a zip file: none of its classes is
 * loaded and the jar is on no class path.
 */
public final class TpcdsQueries {
    /** The folder the build copies Spark's test jar into, beside the benchmarks module's classes or jar. */
    public static final String FOLDER = "tpcds-queries";

    private TpcdsQueries() {
    }

    /**
     * The query texts by name ({@code q1} … {@code q99}, {@code q14a} …), in order.
     *
     * @param names the queries wanted, or null for all
     * @throws IOException when the jar is missing or a named query does not exist
     */
    public static Map<String, String> load(List<String> names) throws IOException {
        Path jar = jar();
        Map<String, String> out = new LinkedHashMap<>();
        try (FileSystem zip = FileSystems.newFileSystem(jar)) {
            for (int i = 1; i <= 99; i++) {
                for (String suffix : List.of("", "a", "b")) {
                    String name = "q" + i + suffix;
                    Path text = zip.getPath("tpcds", name + ".sql");
                    if ((names == null || names.contains(name)) && Files.exists(text)) {
                        // dsdgen names the customer's last review date by its date key, as the TPC-DS schema does
                        out.put(name, strip(Files.readString(text, StandardCharsets.UTF_8))
                                .replaceAll("\\bc_last_review_date\\b", "c_last_review_date_sk"));
                    }
                }
            }
        }
        if (names != null) {
            for (String n : names) {
                if (!out.containsKey(n)) {
                    throw new IOException("There is no TPC-DS query " + n + ": the names are q1 … q99, and q14a/q14b, "
                            + "q23a/q23b, q24a/q24b, q39a/q39b for the queries in two parts");
                }
            }
        }
        return out;
    }

    /** Spark's test jar in {@code target/tpcds-queries/}, beside this module's classes or jar. */
    static Path jar() throws IOException {
        Path here;
        try {
            here = Path.of(TpcdsQueries.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | SecurityException e) {
            throw new IOException("Cannot tell where the benchmarks module's classes are: " + e.getMessage(), e);
        }
        Path folder = here.getParent().resolve(FOLDER);
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.list(folder)) {
                List<Path> jars = files.filter(p -> p.getFileName().toString().endsWith("-tests.jar")).sorted().toList();
                if (!jars.isEmpty()) {
                    return jars.get(jars.size() - 1);
                }
            }
        }
        throw new IOException("The TPC-DS query texts (Spark's spark-sql test jar) are not in " + folder
                + ": the benchmarks module's package phase copies them there (./mvnw -DskipTests package)");
    }

    /** Without the license comment at the top and a trailing semicolon. */
    private static String strip(String text) {
        String t = text.replaceAll("(?s)^\\s*--[^\\n]*\\n", "").strip();
        while (t.startsWith("--")) {
            t = t.substring(t.indexOf('\n') + 1).strip();
        }
        return t.endsWith(";") ? t.substring(0, t.length() - 1) : t;
    }

    private static final Pattern CONCAT = Pattern.compile("(?i)\\bconcat\\(");

    /** Each {@code concat(a, b, …)} as {@code (a || b || …)}, its arguments split at the commas outside quotes and parentheses. */
    static String concatenations(String sql) {
        StringBuilder out = new StringBuilder();
        Matcher m = CONCAT.matcher(sql);
        int at = 0;
        while (m.find(at)) {
            List<String> arguments = new java.util.ArrayList<>();
            int depth = 0;
            boolean quoted = false;
            int from = m.end();
            int i = from;
            for (; i < sql.length(); i++) {
                char c = sql.charAt(i);
                if (c == '\'') {
                    quoted = !quoted;
                } else if (!quoted && c == '(') {
                    depth++;
                } else if (!quoted && c == ')' && depth-- == 0) {
                    break;
                } else if (!quoted && c == ',' && depth == 0) {
                    arguments.add(sql.substring(from, i).strip());
                    from = i + 1;
                }
            }
            if (i == sql.length()) {
                break; // unbalanced: left as it is
            }
            arguments.add(sql.substring(from, i).strip());
            out.append(sql, at, m.start()).append('(').append(String.join(" || ", arguments)).append(')');
            at = i + 1;
        }
        return out.append(sql.substring(at)).toString();
    }

    private static final Pattern INTERVAL = Pattern.compile("(?i)interval\\s+(\\d+)\\s+(day|days|month|months|year|years)\\b");

    private static final Pattern LOCHIERARCHY = Pattern.compile("(?i)(grouping\\([^()]*\\)\\s*\\+\\s*grouping\\([^()]*\\))\\s+as\\s+lochierarchy");

    /**
     * The text as PostgreSQL spells it, with Hive's meaning: Hive/Spark's {@code interval 30 days},
     * backquoted names, string casts; Hive's NULL order (first when ascending, last when descending: the
     * opposite of PostgreSQL's) in every ORDER BY; a division by zero is NULL in Hive (the ratios of q12,
     * q20, q98 and q90 divide by sums that are zero at small scales); and the output alias
     * {@code lochierarchy}, which Hive lets ORDER BY use inside an expression, spelled out (q36, q70, q86).
     */
    public static String postgresSpelling(String hive) {
        Matcher m = INTERVAL.matcher(hive);
        String pg = m.replaceAll("interval '$1 $2'");
        pg = pg.replace('`', '"').replaceAll("(?i)as\\s+string\\)", "as text)");
        Matcher l = LOCHIERARCHY.matcher(pg);
        if (l.find()) {
            pg = pg.replaceAll("(?i)when\\s+lochierarchy\\s*=\\s*0", Matcher.quoteReplacement("when " + l.group(1) + " = 0"));
        }
        pg = pg.replaceAll("(?i)/\\s*(sum\\((?:sum\\()?[a-z_]+\\)\\)?)\\s*over\\s*\\(\\s*partition\\s+by\\s+i_class\\s*\\)",
                "/ nullif($1 over (partition by i_class), 0)");
        // integer division is exact in PostgreSQL, a double in Hive (q21's inventory ratio, q34 and q73's dependants per
        // vehicle, q83's share of returned quantities)
        pg = pg.replaceAll("(?i)\\b((?:[a-z_]+\\.)?(?:inv_after|hd_dep_count|sr_item_qty|cr_item_qty|wr_item_qty))\\s*/", "CAST($1 AS DOUBLE PRECISION) /");
        // Hive's sample deviation of one value is 0 (GenericUDAFStdSample), PostgreSQL's NULL
        pg = pg.replaceAll("(?i)\\bstddev_samp\\(([a-z_]+)\\)", "(CASE WHEN count($1) = 1 THEN 0 ELSE stddev_samp($1) END)");
        pg = DecimalAverages.roundedLikeHive(pg);
        // Hive's concat is NULL when an argument is (q84's customer without a first name); PostgreSQL's skips NULLs, its || does not
        pg = concatenations(pg);
        pg = pg.replaceAll("(?i)/\\s*cast\\(pmc as decimal\\(15,\\s*4\\)\\)", "/ nullif(cast(pmc as decimal(15,4)), 0)");
        return PostgresNullOrder.hiveOrder(pg);
    }
}
