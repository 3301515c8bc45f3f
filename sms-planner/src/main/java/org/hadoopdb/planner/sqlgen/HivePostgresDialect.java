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

    /** DECIMAL keeps its precision and scale (the base dialect's type system would clamp it to 19 digits). */
    @Override
    public org.apache.calcite.sql.SqlNode getCastSpec(org.apache.calcite.rel.type.RelDataType type) {
        if (type.getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.DECIMAL) {
            return new org.apache.calcite.sql.SqlDataTypeSpec(new org.apache.calcite.sql.SqlAlienSystemTypeNameSpec(
                    "NUMERIC(" + type.getPrecision() + ", " + type.getScale() + ")", type.getSqlTypeName(),
                    org.apache.calcite.sql.parser.SqlParserPos.ZERO), org.apache.calcite.sql.parser.SqlParserPos.ZERO);
        }
        return super.getCastSpec(type);
    }

    /**
     * An interval's unit without Calcite's leading-field precision: PostgreSQL rejects
     * {@code INTERVAL '365' DAY(3)}, and it has no such limit to state.
     */
    @Override
    public void unparseSqlIntervalQualifier(org.apache.calcite.sql.SqlWriter writer,
                                            org.apache.calcite.sql.SqlIntervalQualifier qualifier,
                                            org.apache.calcite.rel.type.RelDataTypeSystem typeSystem) {
        writer.keyword(qualifier.timeUnitRange.startUnit.name());
        if (qualifier.timeUnitRange.endUnit != null) {
            writer.keyword("TO");
            writer.keyword(qualifier.timeUnitRange.endUnit.name());
        }
    }

    @Override
    public void quoteStringLiteralUnicode(StringBuilder buf, String val) {
        buf.append(PgLiterals.string(val));
    }
}
