package org.hadoopdb.planner.sqlgen;

import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * An aggregate printed as a PostgreSQL template over its argument, so that its result has Hive's
 * type: e.g. {@code CAST(SUM({0}) AS BIGINT)} for a BIGINT sum (PostgreSQL's is NUMERIC),
 * {@code AVG(CAST({0} AS DOUBLE PRECISION))} for an integer average (Hive's is DOUBLE).
 */
final class PgAggregate extends SqlAggFunction {
    private final PgSql printer;

    PgAggregate(SqlAggFunction original, String template, org.apache.calcite.rel.type.RelDataType type) {
        super(original.getName(), null, original.getKind(), ReturnTypes.explicit(type), null, null, SqlFunctionCategory.SYSTEM,
                false, false, original.requiresGroupOrder());
        this.printer = new PgSql(template);
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        writer.print(printer.render(writer, call, false));
        writer.setNeedWhitespace(true);
    }
}
