package org.hadoopdb.functions.udf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.FunctionInfo;
import org.junit.jupiter.api.Test;

/** How a call's name finds a user function: the session's temporary ones first, then the current database's, or db.f. */
class UserFunctionTableTest {
    private final Catalog catalog = Catalog.empty("t").withDatabase(new DatabaseInfo("sales", null, null, List.of()))
            .withFunction(new FunctionInfo("f", "a.Perm", List.of("/p.jar")))
            .withFunction(new FunctionInfo("sales.f", "a.Sales", List.of()))
            .withFunction(new FunctionInfo("g", "a.G", List.of()));
    private final Map<String, UserFunctionSpec> temporary = Map.of("f", new UserFunctionSpec("f", "a.Temp", List.of("/t.jar"), true));
    private final UdfEnvironment env = UdfEnvironment.of(HadoopDbConfig.of(new Configuration(false)));

    private String resolve(String database, String... names) {
        return new UserFunctionTable(temporary, catalog, database, env).resolve(List.of(names)).map(UserFunctionSpec::className)
                .orElse(null);
    }

    @Test
    void temporaryFunctionsComeFirstThenTheCurrentDatabasesThenQualifiedNames() {
        assertThat(resolve("default", "F")).isEqualTo("a.Temp");
        assertThat(resolve("default", "g")).isEqualTo("a.G");
        assertThat(resolve("sales", "g")).isNull();
        assertThat(resolve("default", "sales", "f")).isEqualTo("a.Sales");
        assertThat(resolve("sales", "default", "f")).isEqualTo("a.Perm");
        assertThat(resolve("default", "nothing")).isNull();
        assertThat(new UserFunctionTable(Map.of(), catalog, "sales", env).resolve(List.of("f")).map(UserFunctionSpec::className))
                .contains("a.Sales");
    }

    @Test
    void theValidatorGetsOneOperatorPerFunctionAndStatement() {
        UserFunctionTable table = new UserFunctionTable(temporary, catalog, "default", env);
        List<SqlOperator> found = new ArrayList<>();
        SqlIdentifier name = new SqlIdentifier("f", SqlParserPos.ZERO);
        table.lookupOperatorOverloads(name, SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, found, null);
        table.lookupOperatorOverloads(name, SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, found, null);
        assertThat(found).hasSize(2);
        assertThat(found.get(0)).isSameAs(found.get(1)).isInstanceOf(UserFunction.class);
        assertThat(((UserFunction) found.get(0)).spec().temporary()).isTrue();
        List<SqlOperator> none = new ArrayList<>();
        table.lookupOperatorOverloads(name, SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION, SqlSyntax.FUNCTION, none, null);
        UserFunctionTable.NONE.lookupOperatorOverloads(name, SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, none, null);
        assertThat(none).isEmpty();
        assertThat(table.getOperatorList()).hasSize(4);
    }
}
