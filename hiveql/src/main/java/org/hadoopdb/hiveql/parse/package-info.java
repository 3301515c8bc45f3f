/**
 * The HiveQL parser: an ANTLR4 grammar ({@code HiveQLLexer.g4}, {@code HiveQL.g4}) and the conversion
 * of its parse trees into Calcite {@code SqlNode} trees (queries) and the records of
 * {@link org.hadoopdb.hiveql.ast} (all other statements). {@link org.hadoopdb.hiveql.parse.HiveQlParser}
 * is the entry point; errors are {@link org.hadoopdb.hiveql.parse.HiveQlSyntaxException}s.
 *
 * <h2>Conventions of the query trees</h2>
 * The planner validates the trees with Calcite's {@code SqlValidator} and converts them with
 * {@code SqlToRelConverter}; these are the choices it must know about.
 *
 * <h3>Names</h3>
 * Identifiers and aliases are lower case, backticks removed ({@code ``} is a backtick). A table
 * may be written {@code default.t}; the tree holds {@code t}. Any other database is a syntax error.
 *
 * <h3>Query structure</h3>
 * <ul>
 *   <li>A SELECT block is a {@code SqlSelect}; {@code SELECT DISTINCT} has the DISTINCT keyword;
 *       {@code SELECT} without FROM has a null FROM.
 *   <li>{@code UNION ALL}, {@code UNION [DISTINCT]}, {@code INTERSECT [ALL]}, {@code EXCEPT}/{@code MINUS [ALL]}
 *       are the standard set operators; as in Hive they share one precedence, left to right.
 *   <li>{@code WITH} is a {@code SqlWith} of {@code SqlWithItem}s.
 *   <li>An ordered or limited query is wrapped in one {@code SqlOrderBy} (around the {@code SqlWith}
 *       when there is one, as Calcite's own parser does). Without ORDER BY its list is
 *       {@code SqlNodeList.EMPTY}. {@code LIMIT n} is the fetch; {@code LIMIT o, n} and
 *       {@code LIMIT n OFFSET o} also set the offset.
 *   <li><b>Null ordering</b>: every ORDER BY item (also SORT BY, CLUSTER BY and window ORDER BY) carries
 *       an explicit {@code NULLS FIRST}/{@code NULLS LAST}: Hive's default unless written, NULLS FIRST
 *       ascending and NULLS LAST descending (Calcite and PostgreSQL default to the opposite).
 *   <li><b>SORT BY and CLUSTER BY become ORDER BY</b>: Hive promises only an order within each
 *       reducer; a total order satisfies it. <b>DISTRIBUTE BY</b> does not change the tree: its
 *       expressions (and CLUSTER BY's) go to {@code QueryStatement.distributeBy} as text (a column as
 *       {@code c} or {@code t.c}, anything else as Calcite SQL). DISTRIBUTE BY in a nested query is
 *       dropped. Hive's clause rules are enforced: CLUSTER BY stands alone, ORDER BY goes with neither
 *       SORT BY nor DISTRIBUTE BY, each clause at most once.
 *   <li>A subquery in FROM without an alias stays unaliased; Calcite names it ({@code EXPR$n}).
 * </ul>
 *
 * <h3>Joins</h3>
 * <ul>
 *   <li>The FROM clause is a left-deep tree of {@code SqlJoin}s. A comma is {@code JoinType.COMMA} with
 *       the same precedence as JOIN, as in Hive ({@code FROM a, b JOIN c ON a.x = c.x} is legal).
 *   <li>{@code JOIN} without ON is a {@code CROSS} join; an outer join without ON has {@code ON TRUE};
 *       {@code CROSS JOIN … ON c} is an INNER join on c.
 *   <li><b>LEFT SEMI JOIN</b>: SqlToRelConverter does not accept Calcite's LEFT_SEMI_JOIN, so
 *       {@code a LEFT SEMI JOIN b ON c} is removed from the join tree and
 *       {@code EXISTS (SELECT 1 FROM b WHERE c)} is ANDed to the block's WHERE (after the written
 *       condition). That is Hive's meaning when only inner, left, cross or comma joins follow it;
 *       a RIGHT or FULL join after it, or a semi join inside a parenthesised join, is a syntax error
 *       asking to reorder. As in Hive, b's columns are then not visible outside the condition.
 * </ul>
 *
 * <h3>Expressions</h3>
 * <ul>
 *   <li>Precedence follows Hive 3/4, lowest first: OR; AND; NOT and {@code !}; IS [NOT] NULL/TRUE/FALSE;
 *       {@code = == <=> <> != IS [NOT] DISTINCT FROM} (left-associative); one of {@code < <= > >=},
 *       [NOT] LIKE/RLIKE/REGEXP, [NOT] IN, [NOT] BETWEEN (not associative: {@code a < b < c} is an
 *       error, as in Hive); {@code ||}; {@code + -}; {@code * / % DIV}; unary {@code + -}.
 *       Bitwise operators are not supported.
 *   <li>{@code *} is {@code HiveOperators.MULTIPLY}, {@code /} is {@code HiveOperators.DIVIDE}, {@code DIV} is {@code HiveOperators.INT_DIVIDE},
 *       {@code %} is {@code SqlStdOperatorTable.PERCENT_REMAINDER}, {@code ==} is {@code =},
 *       {@code !=} is {@code <>}, {@code <=>} is IS NOT DISTINCT FROM.
 *   <li>{@code a || b || c} is the function call {@code concat(a, b, c)}, as in Hive.
 *   <li>{@code [NOT] RLIKE}/{@code REGEXP} is {@code HiveOperators.RLIKE} (under NOT when negated).
 *   <li><b>LIKE</b> is Calcite's LIKE/NOT LIKE with an explicit {@code ESCAPE '\'}. Hive treats a
 *       backslash as an escape only before {@code %} and {@code _}; a <em>literal</em> pattern is
 *       therefore rewritten so that the SQL-standard rules mean the same (every other backslash is
 *       doubled: Hive {@code 'a\b%'} becomes {@code 'a\\b%'}). A pattern that is not a literal is
 *       left as written: its run-time value follows Hive's rule, which differs from ESCAPE '\' for
 *       a backslash before another character.
 *   <li>Function calls are {@code SqlUnresolvedFunction}s with the lower-case name and category
 *       {@code USER_DEFINED_FUNCTION}, resolved by the validator against the planner's operator
 *       table; {@code count(DISTINCT a, b)} carries the DISTINCT function qualifier; {@code count(*)}
 *       has the operand {@code SqlIdentifier.star}. Keywords are function names before '(':
 *       {@code if, left, right, date, timestamp, grouping}. {@code current_date} and
 *       {@code current_timestamp} (with or without {@code ()}) are calls without operands.
 *       {@code EXTRACT(f FROM x)} is Hive's function for the field: {@code year(x)}, {@code quarter},
 *       {@code month}, {@code weekofyear} (WEEK), {@code day}, {@code dayofweek} (DAYOFWEEK, DOW),
 *       {@code hour}, {@code minute}, {@code second}.
 *   <li>Window functions are {@code SqlStdOperatorTable.OVER} over the call and a {@code SqlWindow}
 *       (or the {@code SqlIdentifier} of a window named in the WINDOW clause, which are the
 *       {@code SqlSelect}'s window declarations). Ranking functions are ordinary unresolved names.
 *       In a window Hive's DISTRIBUTE BY/SORT BY mean PARTITION BY/ORDER BY; without a frame the
 *       bounds are unset (Calcite's default frame is Hive's).
 *   <li>GROUP BY: plain expressions, {@code ROLLUP(…)}, {@code CUBE(…)}, {@code GROUPING_SETS(…)}
 *       (SqlStdOperatorTable), a composite set as {@code ROW(a, b)}, the empty set as an empty
 *       {@code SqlNodeList}. {@code GROUP BY a, b WITH ROLLUP|CUBE} is {@code ROLLUP|CUBE(a, b)};
 *       {@code GROUP BY a, b GROUPING SETS (…)} is {@code GROUPING_SETS(…)} alone (every set
 *       expression must be in the list, as Hive checks).
 *   <li>{@code CASE x WHEN v …} is a searched {@code SqlCase} ({@code WHEN x = v}); a missing ELSE is NULL.
 *   <li>Scalar, IN and EXISTS subqueries are the query nodes themselves, as in Calcite.
 * </ul>
 *
 * <h3>Literals and types</h3>
 * <ul>
 *   <li>Integers are exact: INT when they fit, BIGINT when they fit in 64 bits, else (as Hive) an
 *       approximate DOUBLE. Suffixes {@code Y}, {@code S}, {@code L} give {@code CAST(n AS TINYINT|SMALLINT|BIGINT)}
 *       after a range check. {@code 1.5} and {@code 1e3} are DOUBLE ({@code SqlLiteral.createApproxNumeric}),
 *       as in Hive; {@code 1.5BD} is an exact DECIMAL(2,1), {@code 10BD} is {@code CAST(10 AS DECIMAL(2,0))}.
 *       A minus sign directly before a number is folded into the literal.
 *   <li>Strings (single or double quotes, Hive's backslash escapes, adjacent literals concatenated)
 *       are all made by {@code Literals.string}, in character set {@code UTF-16}. Calcite resolves
 *       that name to the platform's UTF-16 ({@code UTF-16LE} here): character columns in the
 *       planner's catalog must use {@code SqlUtil.getCharset("UTF-16")} to be comparable with them.
 *   <li>{@code DATE 'yyyy-mm-dd'} and {@code TIMESTAMP 'yyyy-mm-dd hh:mm:ss[.f…]'} are checked and
 *       become Calcite date and timestamp literals (the timestamp's precision is its number of
 *       fraction digits). {@code INTERVAL '90' DAY}, {@code INTERVAL 1 YEAR},
 *       {@code INTERVAL '1-2' YEAR TO MONTH} are interval literals, and so is Hive's shorthand without
 *       {@code INTERVAL} ({@code 30 days}, {@code '1-2' year to month}); units take plurals ({@code DAYS}).
 *   <li>Types in CAST map through {@code HiveTypes} (checked by the catalog's {@code HiveType}):
 *       STRING → VARCHAR without length, VARCHAR(n), CHAR(n), TINYINT, SMALLINT, INT/INTEGER → INTEGER,
 *       BIGINT, FLOAT → REAL, DOUBLE [PRECISION] → DOUBLE, DECIMAL[(p[,s])] (default (10,0)),
 *       BOOLEAN, DATE, TIMESTAMP, BINARY → VARBINARY.
 * </ul>
 *
 * <h3>Positions</h3>
 * Every node has a {@code SqlParserPos} from its first to its last token, in script lines and
 * columns (the statement's start added), so the planner's semantic errors can point at it.
 *
 * <h2>Other statements</h2>
 * {@code SET} is read from the text: the key up to '=', the value everything after it, trimmed.
 * {@code DESCRIBE EXTENDED} is reported as {@code formatted}. {@code ColumnDef.type} is the catalog's
 * canonical spelling ({@code integer} → {@code int}, {@code DECIMAL} → {@code decimal(10,0)}).
 * Only {@code STORED AS TEXTFILE} is accepted. {@code INSERT INTO t VALUES (…), (…)} carries Calcite's
 * {@code VALUES} of {@code ROW}s as its query.
 */
package org.hadoopdb.hiveql.parse;
