package org.hadoopdb.planner.sqlgen;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.rel2sql.RelToSqlConverter;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.catalog.Names;
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
            String sql = statement.toSqlString(c -> c.withDialect(dialect).withIndentation(0).withClauseStartsLine(false)
                    .withSelectListItemsOnSeparateLines(false).withAlwaysUseParentheses(false)).getSql()
                    .replaceAll("\\s*\\n\\s*", " ");
            return (withoutNestedLoops(fragment) ? org.hadoopdb.connector.chunk.StatementHints.NO_NESTED_LOOPS : "") + sql;
        } catch (PlannerException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new PlannerException("Cannot generate the chunk SQL for this part of the plan: " + e.getMessage(), e);
        }
    }

    /**
     * Whether the fragment runs without nested-loop joins (see StatementHints): it has an anti join, which PostgreSQL
     * estimates at one row, or two joins or more, whose estimates multiply their errors. TPC-DS q29 joins three fact
     * tables' chunks with three date ranges, a store and an item: PostgreSQL expected one row, nested a hash join of
     * catalog sales under each of thousands, and took 38 s a chunk where hash joins take 0.14 s.
     */
    private static boolean withoutNestedLoops(RelNode rel) {
        return hasAntiJoin(rel) || joins(rel) >= 2;
    }

    private static boolean hasAntiJoin(RelNode rel) {
        if (rel instanceof org.apache.calcite.rel.core.Join j && j.getJoinType() == org.apache.calcite.rel.core.JoinRelType.ANTI) {
            return true;
        }
        return rel.getInputs().stream().anyMatch(ChunkSqlGenerator::hasAntiJoin);
    }

    private static int joins(RelNode rel) {
        int own = rel instanceof org.apache.calcite.rel.core.Join ? 1 : 0;
        return own + rel.getInputs().stream().mapToInt(ChunkSqlGenerator::joins).sum();
    }

    /** RelToSqlConverter that names tables by their logical name only (public: Calcite dispatches to it by reflection). */
    public static final class LogicalNames extends RelToSqlConverter {
        public LogicalNames(SqlDialect dialect) {
            super(dialect);
        }

        /**
         * ORDER BY of strings in code-point order, as Hive sorts, whatever the node database's
         * collation: each string item gets {@code COLLATE "C"} (an output alias or ordinal is replaced
         * by its expression, since PostgreSQL accepts those only alone).
         */
        @Override
        public Result visit(org.apache.calcite.rel.core.Sort e) {
            Result r = super.visit(e);
            org.apache.calcite.sql.SqlSelect select = r.asSelect(); // the Result's own node when it is a SELECT
            if (select.getOrderList() == null) {
                return r;
            }
            org.apache.calcite.sql.SqlNodeList order = select.getOrderList();
            List<org.apache.calcite.rel.RelFieldCollation> fields = e.getCollation().getFieldCollations();
            if (order.size() != fields.size()) {
                return r; // a shape this rewrite does not know: the node databases' C locale orders it the same
            }
            for (int i = 0; i < fields.size(); i++) {
                if (org.apache.calcite.sql.type.SqlTypeUtil.isCharacter(
                        e.getRowType().getFieldList().get(fields.get(i).getFieldIndex()).getType())) {
                    order.set(i, collate(order.get(i), select));
                }
            }
            return r;
        }

        private static SqlNode collate(SqlNode item, org.apache.calcite.sql.SqlSelect select) {
            if (item instanceof org.apache.calcite.sql.SqlCall call && (call.getKind() == org.apache.calcite.sql.SqlKind.DESCENDING
                    || call.getKind() == org.apache.calcite.sql.SqlKind.NULLS_FIRST
                    || call.getKind() == org.apache.calcite.sql.SqlKind.NULLS_LAST)) {
                call.setOperand(0, collate(call.operand(0), select));
                return call;
            }
            SqlNode expr = item;
            if (item instanceof org.apache.calcite.sql.SqlNumericLiteral n && select.getSelectList() != null) {
                expr = unalias(select.getSelectList().get(n.intValue(true) - 1));
            } else if (item instanceof SqlIdentifier id && id.isSimple() && select.getSelectList() != null) {
                for (SqlNode s : select.getSelectList()) {
                    if (s instanceof org.apache.calcite.sql.SqlCall as && as.getKind() == org.apache.calcite.sql.SqlKind.AS
                            && ((SqlIdentifier) as.operand(1)).getSimple().equals(id.getSimple())) {
                        expr = as.operand(0);
                    }
                }
            }
            return new PgSql("{0} COLLATE \"C\"").createCall(SqlParserPos.ZERO, expr);
        }

        private static SqlNode unalias(SqlNode n) {
            return n instanceof org.apache.calcite.sql.SqlCall as && as.getKind() == org.apache.calcite.sql.SqlKind.AS
                    ? as.operand(0) : n;
        }

        /**
         * A semi (anti) join as {@code SELECT l.… FROM (left) AS l (…) WHERE [NOT] EXISTS (SELECT 1 FROM (right) AS r (…) WHERE
         * condition)}, every column of the condition qualified by its side's alias. Calcite's own rendering leaves the
         * left's columns unqualified inside the sub-query, where a column of the right with the same name captures
         * them (a self semi join on {@code l_orderkey} compared the right's key with itself), and nests badly under a
         * second semi join ({@code AS t2 AS t4}). Each side's columns are renamed by position to its row type's names
         * (which are unique, where a join's {@code SELECT *} may repeat one and an expression may have no name).
         */
        @Override
        public Result visit(org.apache.calcite.rel.core.Join e) {
            if (e.getJoinType() != org.apache.calcite.rel.core.JoinRelType.SEMI
                    && e.getJoinType() != org.apache.calcite.rel.core.JoinRelType.ANTI) {
                return super.visit(e);
            }
            SqlNode left = visitInput(e, 0).asStatement();
            SqlNode right = visitInput(e, 1).asStatement();
            java.util.Map<String, org.apache.calcite.rel.type.RelDataType> aliases = new java.util.LinkedHashMap<>();
            aliases.put(SEMI_LEFT, e.getLeft().getRowType());
            aliases.put(SEMI_RIGHT, e.getRight().getRowType());
            SqlNode condition = aliasContext(aliases, true).toSql(null, e.getCondition());
            SqlNode exists = org.apache.calcite.sql.fun.SqlStdOperatorTable.EXISTS.createCall(SqlParserPos.ZERO,
                    select(org.apache.calcite.sql.SqlNodeList.of(org.apache.calcite.sql.SqlLiteral.createExactNumeric("1", SqlParserPos.ZERO)),
                            as(right, SEMI_RIGHT, e.getRight()), condition));
            if (e.getJoinType() == org.apache.calcite.rel.core.JoinRelType.ANTI) {
                exists = org.apache.calcite.sql.fun.SqlStdOperatorTable.NOT.createCall(SqlParserPos.ZERO, exists);
            }
            // the left's columns by name: a join above reads them from this SELECT by its select list
            List<SqlNode> columns = new java.util.ArrayList<>();
            for (String name : e.getLeft().getRowType().getFieldNames()) {
                columns.add(new SqlIdentifier(List.of(SEMI_LEFT, name), SqlParserPos.ZERO));
            }
            return result(select(new org.apache.calcite.sql.SqlNodeList(columns, SqlParserPos.ZERO), as(left, SEMI_LEFT, e.getLeft()), exists),
                    List.of(Clause.WHERE), e, null);
        }

        private static final String SEMI_LEFT = "semi_l";
        private static final String SEMI_RIGHT = "semi_r";

        /** {@code (query) AS alias (name, …)}: the columns named by position as the input's row type names them. */
        private static SqlNode as(SqlNode query, String alias, org.apache.calcite.rel.RelNode input) {
            List<SqlNode> operands = new java.util.ArrayList<>();
            operands.add(query);
            operands.add(new SqlIdentifier(alias, SqlParserPos.ZERO));
            for (String name : input.getRowType().getFieldNames()) {
                operands.add(new SqlIdentifier(name, SqlParserPos.ZERO));
            }
            return org.apache.calcite.sql.fun.SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, operands);
        }

        private static org.apache.calcite.sql.SqlSelect select(org.apache.calcite.sql.SqlNodeList items, SqlNode from, SqlNode where) {
            return new org.apache.calcite.sql.SqlSelect(SqlParserPos.ZERO, null, items, from, where,
                    null, null, null, null, null, null, null);
        }

        /** VALUES with every cell cast to its column's type ({@link TypedConstants}). */
        @Override
        public Result visit(org.apache.calcite.rel.core.Values e) {
            Result r = super.visit(e);
            TypedConstants.castCells(r.asSelect(), e.getRowType());
            return r;
        }

        @Override
        public Result visit(TableScan e) {
            // a chunk's table is named after the table's catalog name ("t", or "db.t" outside default)
            List<String> qualified = e.getTable().getQualifiedName();
            String table = qualified.size() >= 2
                    ? Names.of(qualified.get(qualified.size() - 2), qualified.get(qualified.size() - 1))
                    : qualified.get(0);
            SqlIdentifier name = new SqlIdentifier(table, SqlParserPos.ZERO);
            return result(name, List.of(Clause.FROM), e, null);
        }
    }
}
