package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.junit.jupiter.api.Test;

/** Every node carries its place in the script, for the planner's messages. */
class PositionTest {

    private static SqlSelect select(SourceSpan span) {
        return (SqlSelect) ((QueryStatement) HiveQlParser.parse(span)).query();
    }

    @Test
    void nodesSpanTheirTokens() {
        SqlSelect select = select(SourceSpan.of("SELECT a + bb, f(x)\nFROM t\nWHERE c = 'x'"));
        assertThat(select.getParserPosition()).isEqualTo(new SqlParserPos(1, 1, 3, 13));
        SqlNode sum = select.getSelectList().get(0);
        assertThat(sum.getParserPosition()).isEqualTo(new SqlParserPos(1, 8, 1, 13));
        assertThat(((SqlCall) sum).operand(1).getParserPosition()).isEqualTo(new SqlParserPos(1, 12, 1, 13));
        assertThat(select.getSelectList().get(1).getParserPosition()).isEqualTo(new SqlParserPos(1, 16, 1, 19));
        assertThat(select.getFrom().getParserPosition()).isEqualTo(new SqlParserPos(2, 6, 2, 6));
        assertThat(select.getWhere().getParserPosition()).isEqualTo(new SqlParserPos(3, 7, 3, 13));
    }

    @Test
    void positionsAreOffsetByTheStatementStart() {
        SqlSelect select = select(new SourceSpan("SELECT a\n  FROM t", 10, 21));
        assertThat(select.getSelectList().get(0).getParserPosition()).isEqualTo(new SqlParserPos(10, 28, 10, 28));
        assertThat(select.getFrom().getParserPosition()).isEqualTo(new SqlParserPos(11, 8, 11, 8));
    }

    @Test
    void scriptStatementsKeepTheirPositions() {
        var spans = HiveQlParser.split("SELECT 1;\n\n   SELECT x FROM t");
        SqlSelect select = select(spans.get(1));
        assertThat(select.getSelectList().get(0).getParserPosition().getLineNum()).isEqualTo(3);
        assertThat(select.getSelectList().get(0).getParserPosition().getColumnNum()).isEqualTo(11);
    }

    @Test
    void qualifiedNamesHaveComponentPositions() {
        SqlSelect select = select(SourceSpan.of("SELECT tt.col FROM tt"));
        SqlIdentifier id = (SqlIdentifier) select.getSelectList().get(0);
        assertThat(id.getParserPosition()).isEqualTo(new SqlParserPos(1, 8, 1, 13));
        assertThat(id.getComponentParserPosition(1)).isEqualTo(new SqlParserPos(1, 11, 1, 13));
    }

    @Test
    void noNodeIsWithoutAPosition() throws IOException {
        String script;
        try (InputStream in = PositionTest.class.getResourceAsStream("tpch.hql")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        script += ";\nSELECT DISTINCT a, count(DISTINCT b) OVER w, CAST(c AS DECIMAL(5,2)), 1Y, 10BD, s LIKE 'x%', "
                + "s RLIKE 'y', CASE a WHEN 1 THEN 2 END, t.*, current_date FROM t LEFT SEMI JOIN u ON t.x = u.x "
                + "LEFT JOIN v USING (k) CROSS JOIN w2 GROUP BY a, b WITH CUBE WINDOW w AS (ORDER BY a ROWS 2 PRECEDING) "
                + "CLUSTER BY a LIMIT 1, 2";
        for (var statement : HiveQlParser.parseScript(script)) {
            assertPositioned(((QueryStatement) statement).query(), "");
        }
    }

    private static void assertPositioned(SqlNode node, String path) {
        if (node == null || node == SqlNodeList.EMPTY) {
            return;
        }
        assertThat(node.getParserPosition()).as("position of %s at %s", node, path).isNotEqualTo(SqlParserPos.ZERO);
        if (node instanceof SqlNodeList list) {
            list.forEach(child -> assertPositioned(child, path + "/" + node.getKind()));
        } else if (node instanceof SqlCall call) {
            List<SqlNode> operands = call.getOperandList();
            // A window's EXCLUDE clause is Calcite's own default, which HiveQL cannot write.
            int count = node instanceof SqlWindow ? operands.size() - 1 : operands.size();
            for (int i = 0; i < count; i++) {
                assertPositioned(operands.get(i), path + "/" + node.getKind());
            }
        }
    }

    @Test
    void multiLineStringLiteralEndsOnItsLastLine() {
        SqlSelect select = select(SourceSpan.of("SELECT 'a\nbc' FROM t"));
        assertThat(select.getSelectList().get(0).getParserPosition()).isEqualTo(new SqlParserPos(1, 8, 2, 3));
    }
}
