package org.hadoopdb.planner.sqlgen;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * A PostgreSQL expression written as a template over its operands ({@code {0}}, {@code {1}}, ...):
 * what a pushed Hive function or operator becomes before {@code RelToSqlConverter} prints it. The
 * template text is printed as is; each operand is printed where its placeholder stands (an operand
 * may appear several times).
 */
final class PgSql extends SqlFunction {
    private final List<Object> parts = new ArrayList<>();
    private final String template;

    PgSql(String template) {
        super("PG_SQL", SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0, null, null, SqlFunctionCategory.SYSTEM);
        this.template = template;
        int i = 0;
        StringBuilder text = new StringBuilder();
        while (i < template.length()) {
            char c = template.charAt(i);
            int end = c == '{' ? template.indexOf('}', i) : -1;
            if (end > i + 1 && template.substring(i + 1, end).chars().allMatch(Character::isDigit)) {
                if (text.length() > 0) {
                    parts.add(text.toString());
                    text.setLength(0);
                }
                parts.add(Integer.parseInt(template.substring(i + 1, end)));
                i = end + 1;
            } else {
                text.append(c);
                i++;
            }
        }
        if (text.length() > 0) {
            parts.add(text.toString());
        }
    }

    String template() {
        return template;
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        writer.print(render(writer, call, true));
        writer.setNeedWhitespace(true);
    }

    /** The template with its operands printed in the writer's dialect, in parentheses when {@code parenthesize}. */
    String render(SqlWriter writer, SqlCall call, boolean parenthesize) {
        StringBuilder sb = new StringBuilder(parenthesize ? "(" : "");
        for (Object p : parts) {
            if (p instanceof Integer i) {
                sb.append(call.operand(i).toSqlString(c -> c.withDialect(writer.getDialect()).withIndentation(0)
                        .withAlwaysUseParentheses(true)).getSql());
            } else {
                sb.append((String) p);
            }
        }
        return sb.append(parenthesize ? ")" : "").toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PgSql p && p.template.equals(template);
    }

    @Override
    public int hashCode() {
        return template.hashCode();
    }
}
