package org.hadoopdb.planner.sqlgen;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.rel2sql.RelToSqlConverter;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.planner.PlannerException;

/**
 * Prints a pushed plan fragment as one PostgreSQL statement. Tables appear under their logical
 * names ({@code uservisits}, not {@code "default"."uservisits"}); each chunk binds those names to its
 * own physical tables when the statement runs, so the same text serves every chunk.
 */
public final class ChunkSqlGenerator {
    private final SqlDialect dialect;

    public ChunkSqlGenerator(SqlDialect dialect) {
        this.dialect = dialect;
    }

    public SqlDialect dialect() {
        return dialect;
    }

    public String toSql(RelNode fragment) {
        try {
            SqlNode statement = new LogicalNames(dialect).visitRoot(PostgresRewriter.rewrite(fragment)).asStatement();
            return statement.toSqlString(c -> c.withDialect(dialect).withIndentation(0).withClauseStartsLine(false)
                    .withSelectListItemsOnSeparateLines(false).withAlwaysUseParentheses(false)).getSql()
                    .replaceAll("\\s*\\n\\s*", " ");
        } catch (PlannerException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new PlannerException("Cannot generate the chunk SQL for this part of the plan: " + e.getMessage(), e);
        }
    }

    /** RelToSqlConverter that names tables by their logical name only (public: Calcite dispatches to it by reflection). */
    public static final class LogicalNames extends RelToSqlConverter {
        public LogicalNames(SqlDialect dialect) {
            super(dialect);
        }

        @Override
        public Result visit(TableScan e) {
            List<String> qualified = e.getTable().getQualifiedName();
            SqlIdentifier name = new SqlIdentifier(qualified.get(qualified.size() - 1), SqlParserPos.ZERO);
            return result(name, List.of(Clause.FROM), e, null);
        }
    }
}
