package org.hadoopdb.planner.analyze;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlBasicVisitor.ArgHandler;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * A deep copy of a parsed query: new calls, lists and identifiers, which Calcite's validator rewrites
 * in place. The {@link Analyzer} validates a copy, so planning never changes the statement it is given:
 * the same parsed query can be planned again (a CTAS or INSERT plans its query for its columns, then
 * runs it; the console plans a statement before the session runs it), where validating the rewritten
 * tree failed ("Table 'a' not found" for a join whose aliases come back in GROUP BY or ORDER BY).
 */
final class SqlCopy extends SqlShuttle {
    private SqlCopy() {
    }

    static SqlNode of(SqlNode node) {
        return node == null ? null : node.accept(new SqlCopy());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        ArgHandler<SqlNode> copy = new CallCopyingArgHandler(call, true);
        call.getOperator().acceptCall(this, call, false, copy);
        return copy.result();
    }

    @Override
    public SqlNode visit(SqlNodeList list) {
        if (list == SqlNodeList.EMPTY || list == SqlNodeList.SINGLETON_EMPTY || list == SqlNodeList.SINGLETON_STAR) {
            return list; // immutable, and printed by identity (an ORDER BY of EMPTY is none)
        }
        SqlNodeList copy = new SqlNodeList(list.getParserPosition());
        for (SqlNode n : list) {
            copy.add(n == null ? null : n.accept(this));
        }
        return copy;
    }

    @Override
    public SqlNode visit(SqlLiteral literal) {
        return literal.clone(literal.getParserPosition());
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
        return id.clone(id.getParserPosition());
    }

    @Override
    public SqlNode visit(SqlDataTypeSpec type) {
        return type.clone(type.getParserPosition());
    }

    @Override
    public SqlNode visit(SqlDynamicParam param) {
        return param.clone(param.getParserPosition());
    }

    @Override
    public SqlNode visit(SqlIntervalQualifier qualifier) {
        return qualifier.clone(qualifier.getParserPosition());
    }
}
