package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.hiveql.parse.Parsing.expr;
import static org.hadoopdb.hiveql.parse.Parsing.statement;

import java.util.List;
import org.hadoopdb.hiveql.ast.AddJarStatement;
import org.hadoopdb.hiveql.ast.CreateFunctionStatement;
import org.hadoopdb.hiveql.ast.DropFunctionStatement;
import org.hadoopdb.hiveql.ast.ListJarsStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.junit.jupiter.api.Test;

/** ADD JAR, LIST JARS, CREATE and DROP FUNCTION, and calls of a database's function. */
class FunctionStatementTest {

    @Test
    void addJarTakesQuotedAndBarePathsAsHivesCommandDoes() {
        assertThat(statement("ADD JAR /tmp/udf.jar")).isEqualTo(new AddJarStatement(List.of("/tmp/udf.jar"), SourceSpan.of("ADD JAR /tmp/udf.jar")));
        assertThat(((AddJarStatement) statement("add jars 'a b.jar'  \"hdfs://nn:8020/u/c.jar\" d.jar")).paths())
                .containsExactly("a b.jar", "hdfs://nn:8020/u/c.jar", "d.jar");
        assertThat(((ListJarsStatement) statement("LIST JARS")).paths()).isEmpty();
        assertThat(((ListJarsStatement) statement("list jar 'a.jar'")).paths()).containsExactly("a.jar");
        assertThatThrownBy(() -> statement("ADD JAR")).isInstanceOf(HiveQlSyntaxException.class)
                .hasMessageContaining("ADD JAR needs the path of a jar");
        assertThatThrownBy(() -> statement("ADD FILE /tmp/x.txt")).isInstanceOf(HiveQlSyntaxException.class)
                .hasMessageContaining("ADD takes jars only");
        assertThatThrownBy(() -> statement("ADD JAR 'a.jar")).isInstanceOf(HiveQlSyntaxException.class)
                .hasMessageContaining("unterminated quoted path");
    }

    @Test
    void createFunctionWithItsJars() {
        var create = (CreateFunctionStatement) statement(
                "CREATE TEMPORARY FUNCTION My_Upper AS 'com.example.Upper' USING JAR '/a.jar', JAR 'hdfs://nn/b.jar'");
        assertThat(create.name()).isEqualTo("my_upper");
        assertThat(create.className()).isEqualTo("com.example.Upper");
        assertThat(create.jars()).containsExactly("/a.jar", "hdfs://nn/b.jar");
        assertThat(create.temporary()).isTrue();
        // a temporary function is the session's: its name is not put in a database
        assertThat(create.withTableNames(n -> "db." + n)).isEqualTo(create);

        var permanent = (CreateFunctionStatement) statement("CREATE FUNCTION sales.f AS 'x.F'");
        assertThat(permanent.name()).isEqualTo("sales.f");
        assertThat(permanent.jars()).isEmpty();
        assertThat(permanent.temporary()).isFalse();
        assertThat(((CreateFunctionStatement) statement("CREATE FUNCTION f AS 'x.F'").withTableNames(n -> "db." + n)).name())
                .isEqualTo("db.f");
        assertThatThrownBy(() -> statement("CREATE FUNCTION f AS 'x.F' USING FILE '/a.txt'"))
                .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("USING FILE is not supported");
        assertThatThrownBy(() -> statement("CREATE TEMPORARY FUNCTION db.f AS 'x.F'"))
                .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("a temporary function belongs to the session");
    }

    @Test
    void dropFunction() {
        assertThat(statement("DROP TEMPORARY FUNCTION IF EXISTS F"))
                .isEqualTo(new DropFunctionStatement("f", true, true, SourceSpan.of("DROP TEMPORARY FUNCTION IF EXISTS F")));
        var drop = (DropFunctionStatement) statement("DROP FUNCTION sales.g");
        assertThat(drop.name()).isEqualTo("sales.g");
        assertThat(drop.temporary()).isFalse();
        assertThat(drop.ifExists()).isFalse();
    }

    @Test
    void aDatabasesFunctionIsCalledByItsQualifiedName() {
        assertThat(expr("sales.f(a, 1)")).isEqualTo("\"sales\".\"f\"(\"a\", 1)");
        assertThat(expr("t.s.f")).isEqualTo("\"t\".\"s\".\"f\"");
        // words that were names before stay names
        assertThat(expr("temporary + 1")).isEqualTo("\"temporary\" + 1");
    }
}
