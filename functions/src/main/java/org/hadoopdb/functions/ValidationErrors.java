package org.hadoopdb.functions;

import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorException;

/** The validation error a function reports about its call: Calcite's, at the node's position, so the analyzer names the line. */
final class ValidationErrors {
    private ValidationErrors() {
    }

    static CalciteContextException at(SqlNode node, String message) {
        SqlParserPos pos = node.getParserPosition();
        return new CalciteContextException(message, new SqlValidatorException(message, null),
                pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
    }
}
