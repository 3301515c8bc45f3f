package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.Statement;
import org.junit.jupiter.api.Test;

/** The 22 TPC-H queries, written in HiveQL, parse and pass Calcite's validator and SqlToRelConverter. */
class TpchQueriesTest {

    @Test
    void allTwentyTwoQueries() throws IOException {
        List<Statement> statements = HiveQlParser.parseScript(resource("tpch.hql"));
        assertThat(statements).hasSize(22).allMatch(QueryStatement.class::isInstance);
        CalciteValidation calcite = new CalciteValidation();
        for (int i = 0; i < statements.size(); i++) {
            QueryStatement query = (QueryStatement) statements.get(i);
            assertThat(calcite.validateAndConvert(query.query()).getFieldCount())
                    .as("Q%d at line %d", i + 1, query.span().line()).isPositive();
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TpchQueriesTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
