package org.hadoopdb.planner.sqlgen;

import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;

/**
 * PostgreSQL as the chunk databases speak it, for Hive's semantics: every ORDER BY item states its
 * NULL ordering (Hive: NULLS FIRST ascending, NULLS LAST descending, unless written), and string
 * literals are printed without depending on the client encoding. Hive's functions are translated
 * before printing ({@link PostgresRewriter}).
 */
public final class HivePostgresDialect extends PostgresqlSqlDialect {
    public static final HivePostgresDialect INSTANCE = new HivePostgresDialect();

    private HivePostgresDialect() {
        super(PostgresqlSqlDialect.DEFAULT_CONTEXT);
    }

    /** No default: the NULL ordering of every ORDER BY item is printed. */
    @Override
    public RelFieldCollation.NullDirection defaultNullDirection(RelFieldCollation.Direction direction) {
        return RelFieldCollation.NullDirection.UNSPECIFIED;
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, String charsetName, String val) {
        buf.append(PgLiterals.string(val));
    }

    @Override
    public void quoteStringLiteralUnicode(StringBuilder buf, String val) {
        buf.append(PgLiterals.string(val));
    }
}
