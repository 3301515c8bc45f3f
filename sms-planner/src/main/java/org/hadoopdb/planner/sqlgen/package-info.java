/**
 * PostgreSQL generation for the parts of a plan pushed into the chunk databases.
 *
 * <p>{@link org.hadoopdb.planner.sqlgen.PostgresTranslation} is the single point that decides what
 * PostgreSQL computes exactly as Hive does (for a library function it asks the function's
 * {@link org.hadoopdb.functions.FunctionDefinition}, which holds its PostgreSQL form); the pushdown policy refuses what it refuses (the reason is what
 * EXPLAIN prints), and {@link org.hadoopdb.planner.sqlgen.ChunkSqlGenerator} rewrites every pushed
 * call into the PostgreSQL it names ({@code PostgresRewriter}) before Calcite's
 * {@code RelToSqlConverter} prints the statement in {@link org.hadoopdb.planner.sqlgen.HivePostgresDialect}.
 * {@code docs/functions.md} lists every function and why the others stay in MapReduce.
 *
 * <h2>Hive and PostgreSQL differences this package relies on</h2>
 * <ul>
 *   <li><b>Errors vs NULL.</b> Hive gives NULL where PostgreSQL raises an error: division by zero
 *       ({@code NULLIF(divisor, 0)}), text that does not parse in a CAST (not pushed unless a literal that
 *       both read alike), negative square roots and logarithms.</li>
 *   <li><b>Integer overflow.</b> Hive wraps like Java; PostgreSQL raises an error. Integer {@code + - *},
 *       unary minus, {@code abs} and BIGINT {@code sum} are computed one size wider (NUMERIC for BIGINT) and
 *       wrapped with {@code & (2^n - 1)} or {@code MOD}; narrowing CASTs are not pushed.</li>
 *   <li><b>Floating point.</b> PostgreSQL raises errors on float overflow and underflow (Java gives
 *       Infinity or 0), so double {@code + - * /} are not pushed. Java's comparison operators treat NaN
 *       as unordered, PostgreSQL as equal to itself and greater than all numbers: double comparisons
 *       decide NaN explicitly. Transcendental functions may differ in the last bit between the C library
 *       and {@code java.lang.Math}: not pushed. {@code sqrt} is correctly rounded in both.</li>
 *   <li><b>Rounding.</b> Hive rounds half up; PostgreSQL's numeric {@code ROUND} and numeric casts do too,
 *       its double {@code round} rounds half to even (not pushed). PostgreSQL rounds a double cast to an
 *       integer, Hive truncates (not pushed).</li>
 *   <li><b>Decimal results.</b> Hive's decimal result is rounded half up to its type's scale and NULL past
 *       its precision; PostgreSQL's numeric is exact and unbounded. When Calcite's result type holds every
 *       result the expression is printed as is, otherwise as {@code CASE WHEN ABS(ROUND(e, s)) < 1E(p-s)
 *       THEN ROUND(e, s) END}. Decimal division is not pushed (PostgreSQL picks its own scale).</li>
 *   <li><b>Collation.</b> Hive orders strings by code point. String range comparisons, {@code greatest},
 *       {@code least}, ORDER BY items and MIN/MAX are printed with {@code COLLATE "C"}; a window's ORDER BY
 *       inside the chunks relies on the node databases being created with {@code --locale=C} (as the
 *       embedded nodes are).</li>
 *   <li><b>NULL ordering.</b> Hive: NULLS FIRST ascending, NULLS LAST descending; every ORDER BY item states
 *       its NULL ordering explicitly.</li>
 *   <li><b>Strings.</b> Hive's {@code concat} is NULL when an argument is ({@code ||}, not PostgreSQL's
 *       {@code concat}); {@code trim} removes spaces only ({@code BTRIM(s, ' ')}); {@code upper}/{@code lower}
 *       map all of Unicode in Java but only ASCII in the C locale (not pushed); positions count code points
 *       in both ({@code CHAR_LENGTH}, {@code SUBSTR}, {@code STRPOS}).</li>
 *   <li><b>Regular expressions.</b> Java's and PostgreSQL's (POSIX ARE) flavours differ; RLIKE with a literal
 *       pattern is translated piece by piece into an ARE that matches the same strings
 *       ({@code RegexTranslator}); extraction and replacement are not pushed (leftmost-first vs
 *       leftmost-longest matching).</li>
 *   <li><b>LIKE.</b> The parser rewrites Hive's escaping of literal patterns into SQL's, printed with
 *       {@code ESCAPE '\'}; patterns computed per row keep Hive's rule and are not pushed.</li>
 *   <li><b>Types.</b> Results must arrive with exactly the plan's types (the connector reads them strictly):
 *       Hive's aggregate result types are printed with casts ({@code AVG(CAST(x AS DOUBLE PRECISION))}),
 *       DECIMAL casts keep their precision (Calcite's PostgreSQL dialect would clamp them to 19 digits),
 *       {@code EXTRACT} results are cast to INTEGER, the integer {@code %} to its type. A constant that is
 *       a result column (a VALUES cell, a projected literal) is cast to its type ({@code TypedConstants}):
 *       PostgreSQL would read {@code 2.5} as numeric and {@code NULL} as text.</li>
 *   <li><b>Literals.</b> String literals are plain ASCII or {@code U&'…'} escapes, independent of the client
 *       encoding; {@code standard_conforming_strings} is on in every node session (db-connector's
 *       {@code NodeSession} sets it, whatever the server's configuration says).</li>
 *   <li><b>Dates.</b> {@code date + interval} is a timestamp in PostgreSQL (cast back to DATE); PostgreSQL's
 *       dates end in 5874897 AD, so only literal day counts are pushed for {@code date_add}/{@code date_sub}.
 *       Pushed date expressions assume dates between years 1 and 9999.</li>
 * </ul>
 */
package org.hadoopdb.planner.sqlgen;
