package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.hiveql.parse.Parsing.sql;
import static org.hadoopdb.hiveql.parse.Parsing.statement;

import java.util.List;
import java.util.Map;
import org.hadoopdb.hiveql.ast.AnalyzeTableStatement;
import org.hadoopdb.hiveql.ast.ColumnDef;
import org.hadoopdb.hiveql.ast.CreateDatabaseStatement;
import org.hadoopdb.hiveql.ast.CreateTableStatement;
import org.hadoopdb.hiveql.ast.DescribeDatabaseStatement;
import org.hadoopdb.hiveql.ast.DescribeStatement;
import org.hadoopdb.hiveql.ast.DropDatabaseStatement;
import org.hadoopdb.hiveql.ast.DropTableStatement;
import org.hadoopdb.hiveql.ast.ExplainStatement;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.LoadDataStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.hadoopdb.hiveql.ast.SetStatement;
import org.hadoopdb.hiveql.ast.ShowDatabasesStatement;
import org.hadoopdb.hiveql.ast.ShowFunctionsStatement;
import org.hadoopdb.hiveql.ast.ShowTablesStatement;
import org.hadoopdb.hiveql.ast.SortColumn;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.UseStatement;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** DDL and utility statements as the records of org.hadoopdb.hiveql.ast. */
class StatementTest {

    @Nested
    class CreateTable {
        @Test
        void everyClause() {
            var create = (CreateTableStatement) statement("""
                    CREATE TABLE IF NOT EXISTS default.UserVisits (
                      sourceIP VARCHAR(16) COMMENT 'the client',
                      destURL STRING,
                      visitDate DATE,
                      adRevenue FLOAT,
                      amount DECIMAL(10, 2),
                      ratio DOUBLE PRECISION,
                      n INTEGER)
                    COMMENT 'page visits'
                    CLUSTERED BY (destURL) SORTED BY (visitDate DESC, sourceIP ASC, n) INTO 16 BUCKETS
                    ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'
                      NULL DEFINED AS ''
                    STORED AS TEXTFILE
                    TBLPROPERTIES ('hadoopdb.chunks.per.node' = '4', 'hadoopdb.replication' = '2')""");
            assertThat(create.name()).isEqualTo("default.uservisits");
            assertThat(create.ifNotExists()).isTrue();
            assertThat(create.columns()).containsExactly(
                    new ColumnDef("sourceip", "varchar(16)", "the client"),
                    new ColumnDef("desturl", "string", null),
                    new ColumnDef("visitdate", "date", null),
                    new ColumnDef("adrevenue", "float", null),
                    new ColumnDef("amount", "decimal(10,2)", null),
                    new ColumnDef("ratio", "double", null),
                    new ColumnDef("n", "int", null));
            assertThat(create.comment()).isEqualTo("page visits");
            assertThat(create.clusteredBy()).containsExactly("desturl");
            assertThat(create.sortedBy()).containsExactly(new SortColumn("visitdate", false),
                    new SortColumn("sourceip", true), new SortColumn("n", true));
            assertThat(create.buckets()).isEqualTo(16);
            assertThat(create.rowFormat()).isEqualTo(new RowFormat("|", "\\", "\n", ""));
            assertThat(create.properties()).containsExactly(Map.entry("hadoopdb.chunks.per.node", "4"),
                    Map.entry("hadoopdb.replication", "2"));
            assertThat(create.asQuery()).isNull();
        }

        @Test
        void minimal() {
            var create = (CreateTableStatement) statement("create table t (a int)");
            assertThat(create.ifNotExists()).isFalse();
            assertThat(create.comment()).isNull();
            assertThat(create.clusteredBy()).isEmpty();
            assertThat(create.sortedBy()).isEmpty();
            assertThat(create.buckets()).isNull();
            assertThat(create.rowFormat()).isNull();
            assertThat(create.properties()).isEmpty();
        }

        @Test
        void decimalDefaultsAsHive() {
            var create = (CreateTableStatement) statement("CREATE TABLE t (a DECIMAL, b NUMERIC(5))");
            assertThat(create.columns()).extracting(ColumnDef::type).containsExactly("decimal(10,0)", "decimal(5,0)");
        }

        @Test
        void octalFieldDelimiter() {
            var create = (CreateTableStatement) statement("CREATE TABLE t (a INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\001'");
            assertThat(create.rowFormat().fieldDelimiter()).isEqualTo("\u0001");
        }

        @Test
        void createTableAsSelect() {
            var create = (CreateTableStatement) statement("CREATE TABLE top AS SELECT a, count(*) c FROM t GROUP BY a");
            assertThat(create.columns()).isEmpty();
            assertThat(sql(create.asQuery())).isEqualTo("SELECT \"a\", COUNT(*) AS \"c\" FROM \"t\" GROUP BY \"a\"");
        }

        @Test
        void createTableAsSelectWithLayout() {
            var create = (CreateTableStatement) statement(
                    "CREATE TABLE t2 CLUSTERED BY (a) INTO 4 BUCKETS AS SELECT a FROM t ORDER BY a");
            assertThat(create.clusteredBy()).containsExactly("a");
            assertThat(sql(create.asQuery())).isEqualTo("SELECT \"a\" FROM \"t\" ORDER BY \"a\" NULLS FIRST");
        }
    }

    @Test
    void dropTable() {
        assertThat(statement("DROP TABLE IF EXISTS T")).isEqualTo(new DropTableStatement("t", true, SourceSpan.of("DROP TABLE IF EXISTS T")));
        assertThat(((DropTableStatement) statement("drop table t")).ifExists()).isFalse();
    }

    @Test
    void showTablesAndFunctions() {
        assertThat(((ShowTablesStatement) statement("SHOW TABLES")).pattern()).isNull();
        assertThat(((ShowTablesStatement) statement("SHOW TABLES 'user*'")).pattern()).isEqualTo("user*");
        assertThat(((ShowTablesStatement) statement("SHOW TABLES LIKE 'a*|b*'")).pattern()).isEqualTo("a*|b*");
        var functions = (ShowFunctionsStatement) statement("SHOW FUNCTIONS LIKE 'date*'");
        assertThat(functions.pattern()).isEqualTo("date*");
        assertThat(functions.describe()).isNull();
        assertThat(((ShowFunctionsStatement) statement("SHOW FUNCTIONS")).pattern()).isNull();
    }

    @Test
    void databases() {
        var create = (CreateDatabaseStatement) statement(
                "CREATE DATABASE IF NOT EXISTS Sales COMMENT 'the shop' LOCATION '/data/sales' WITH DBPROPERTIES ('owner'='ops', 'tier'='1')");
        assertThat(create.name()).isEqualTo("sales");
        assertThat(create.ifNotExists()).isTrue();
        assertThat(create.comment()).isEqualTo("the shop");
        assertThat(create.location()).isEqualTo("/data/sales");
        assertThat(create.properties()).containsExactly(Map.entry("owner", "ops"), Map.entry("tier", "1"));
        assertThat(((CreateDatabaseStatement) statement("CREATE SCHEMA s")).ifNotExists()).isFalse();
        assertThat(statement("DROP DATABASE IF EXISTS sales CASCADE"))
                .isEqualTo(new DropDatabaseStatement("sales", true, true, SourceSpan.of("DROP DATABASE IF EXISTS sales CASCADE")));
        assertThat(((DropDatabaseStatement) statement("DROP SCHEMA sales RESTRICT")).cascade()).isFalse();
        assertThat(((ShowDatabasesStatement) statement("SHOW SCHEMAS LIKE 's*'")).pattern()).isEqualTo("s*");
        assertThat(((ShowDatabasesStatement) statement("SHOW DATABASES")).pattern()).isNull();
        assertThat(statement("DESC DATABASE EXTENDED sales"))
                .isEqualTo(new DescribeDatabaseStatement("sales", true, SourceSpan.of("DESC DATABASE EXTENDED sales")));
        var tables = (ShowTablesStatement) statement("SHOW TABLES IN Sales 'o*'");
        assertThat(tables.database()).isEqualTo("sales");
        assertThat(tables.pattern()).isEqualTo("o*");
        assertThat(((ShowTablesStatement) statement("SHOW TABLES")).database()).isNull();
        // database keywords stay usable as names
        assertThat(((DescribeStatement) statement("DESCRIBE location")).table()).isEqualTo("location");
        assertThat(sql("SELECT database, schema FROM sales.orders")).isEqualTo(
                "SELECT \"database\", \"schema\" FROM \"sales\".\"orders\"");
    }

    @Test
    void analyzeTable() {
        assertThat(statement("ANALYZE TABLE db.T COMPUTE STATISTICS FOR COLUMNS a, B")).isEqualTo(new AnalyzeTableStatement(
                "db.t", List.of("a", "b"), SourceSpan.of("ANALYZE TABLE db.T COMPUTE STATISTICS FOR COLUMNS a, B")));
        assertThat(((AnalyzeTableStatement) statement("ANALYZE TABLE t COMPUTE STATISTICS")).columns()).isEmpty();
        assertThat(((AnalyzeTableStatement) statement("analyze table t compute statistics noscan")).table()).isEqualTo("t");
        assertThat(((AnalyzeTableStatement) statement("ANALYZE TABLE t COMPUTE STATISTICS FOR COLUMNS")).columns()).isEmpty();
        assertThat(sql("SELECT for, statistics FROM analyze")).isEqualTo("SELECT \"for\", \"statistics\" FROM \"analyze\"");
    }

    @Test
    void tableNamesAreQualifiedBySessions() {
        var load = (LoadDataStatement) statement("LOAD DATA INPATH '/x' INTO TABLE sales.Orders");
        assertThat(load.table()).isEqualTo("sales.orders");
        assertThat(load.withTableNames(n -> "q:" + n)).isEqualTo(new LoadDataStatement(false, "/x", false, "q:sales.orders", null,
                load.span()));
        var explain = (ExplainStatement) statement("EXPLAIN INSERT INTO t SELECT 1");
        assertThat(((InsertTableStatement) ((ExplainStatement) explain.withTableNames(n -> "q:" + n)).explained()).table())
                .isEqualTo("q:t");
        var query = statement("SELECT * FROM t"); // a query's names are resolved when it is planned
        assertThat(query.withTableNames(n -> "q:" + n)).isSameAs(query);
    }

    @Test
    void describe() {
        assertThat(((DescribeStatement) statement("DESCRIBE t")).formatted()).isFalse();
        assertThat(((DescribeStatement) statement("DESC T")).table()).isEqualTo("t");
        assertThat(((DescribeStatement) statement("DESCRIBE FORMATTED t")).formatted()).isTrue();
        assertThat(((DescribeStatement) statement("DESCRIBE EXTENDED default.t")).formatted()).isTrue();
    }

    @Test
    void describeFunction() {
        var describe = (ShowFunctionsStatement) statement("DESCRIBE FUNCTION Upper");
        assertThat(describe.describe()).isEqualTo("upper");
        assertThat(describe.pattern()).isNull();
        assertThat(((ShowFunctionsStatement) statement("DESC FUNCTION EXTENDED if")).describe()).isEqualTo("if");
    }

    @Test
    void loadData() {
        var load = (LoadDataStatement) statement("LOAD DATA LOCAL INPATH '/data/visits.txt' OVERWRITE INTO TABLE UserVisits");
        assertThat(load.local()).isTrue();
        assertThat(load.path()).isEqualTo("/data/visits.txt");
        assertThat(load.overwrite()).isTrue();
        assertThat(load.table()).isEqualTo("uservisits");
        var hdfs = (LoadDataStatement) statement("LOAD DATA INPATH 'hdfs:///x' INTO TABLE t");
        assertThat(hdfs.local()).isFalse();
        assertThat(hdfs.overwrite()).isFalse();
    }

    @Nested
    class Set {
        private SetStatement set(String text) {
            return (SetStatement) statement(text);
        }

        @Test
        void listShowAndAssign() {
            assertThat(set("SET")).extracting(SetStatement::key, SetStatement::value).containsExactly(null, null);
            assertThat(set("set mapreduce.job.reduces")).extracting(SetStatement::key, SetStatement::value)
                    .containsExactly("mapreduce.job.reduces", null);
            assertThat(set("SET hadoopdb.reducers.max = 8 ")).extracting(SetStatement::key, SetStatement::value)
                    .containsExactly("hadoopdb.reducers.max", "8");
        }

        @Test
        void valueIsTheRawTextAfterTheFirstEquals() {
            assertThat(set("SET a.b-c=x = 'y' -- z; \\n").value()).isEqualTo("x = 'y' -- z; \\n");
            assertThat(set("SET k='unterminated").value()).isEqualTo("'unterminated");
            assertThat(set("SET k=").value()).isEmpty();
            assertThat(set("SET hivevar:day=2024-01-01").key()).isEqualTo("hivevar:day");
        }

        @Test
        void leadingCommentsAreSkipped() {
            assertThat(set("-- tune\nSET k=v").key()).isEqualTo("k");
        }

        @Test
        void malformed() {
            assertThatThrownBy(() -> set("SET = 1")).hasMessageContaining("SET needs a key before '='");
            assertThatThrownBy(() -> set("SET a b = 1")).hasMessageContaining("SET key 'a b' contains blanks");
        }
    }

    @Test
    void use() {
        assertThat(((UseStatement) statement("USE Default")).database()).isEqualTo("default");
    }

    @Nested
    class Insert {
        @Test
        void overwriteDirectory() {
            var insert = (InsertDirectoryStatement) statement(
                    "INSERT OVERWRITE LOCAL DIRECTORY '/tmp/out' ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t' SELECT a FROM t");
            assertThat(insert.local()).isTrue();
            assertThat(insert.path()).isEqualTo("/tmp/out");
            assertThat(insert.rowFormat()).isEqualTo(new RowFormat("\t", null, null, null));
            assertThat(sql(insert.query())).isEqualTo("SELECT \"a\" FROM \"t\"");
            var hdfs = (InsertDirectoryStatement) statement("INSERT OVERWRITE DIRECTORY '/out' SELECT * FROM t");
            assertThat(hdfs.local()).isFalse();
            assertThat(hdfs.rowFormat()).isNull();
        }

        @Test
        void overwriteTable() {
            var insert = (InsertTableStatement) statement("INSERT OVERWRITE TABLE T SELECT a FROM u");
            assertThat(insert.table()).isEqualTo("t");
            assertThat(insert.overwrite()).isTrue();
            assertThat(insert.columns()).isEmpty();
        }

        @Test
        void intoTableWithAndWithoutColumns() {
            var withColumns = (InsertTableStatement) statement("INSERT INTO t (A, b) SELECT x, y FROM u");
            assertThat(withColumns.overwrite()).isFalse();
            assertThat(withColumns.columns()).containsExactly("a", "b");
            var withTable = (InsertTableStatement) statement("INSERT INTO TABLE t WITH s AS (SELECT 1 x) SELECT x FROM s");
            assertThat(withTable.columns()).isEmpty();
            assertThat(sql(withTable.query())).startsWith("WITH \"s\" AS");
            var parenthesised = (InsertTableStatement) statement("INSERT INTO t (SELECT 1)");
            assertThat(parenthesised.columns()).isEmpty();
        }

        @Test
        void intoTableValues() {
            var insert = (InsertTableStatement) statement("INSERT INTO TABLE t (a, b) VALUES (1, 'x'), (-2, NULL)");
            assertThat(insert.columns()).containsExactly("a", "b");
            assertThat(sql(insert.query())).isEqualTo("VALUES ROW(1, _UTF-16'x'), ROW(-2, NULL)");
            assertThat(new CalciteValidation().validateAndConvert(insert.query()).getFieldCount()).isEqualTo(2);
        }
    }

    @Nested
    class Explain {
        @Test
        void explainQueryKeepsTheExplainedSpan() {
            var explain = (ExplainStatement) HiveQlParser.parse(new SourceSpan("EXPLAIN\n  SELECT a FROM t DISTRIBUTE BY a", 3, 5));
            assertThat(explain.extended()).isFalse();
            var query = (QueryStatement) explain.explained();
            assertThat(query.distributeBy()).containsExactly("a");
            assertThat(query.span()).isEqualTo(new SourceSpan("SELECT a FROM t DISTRIBUTE BY a", 4, 3));
            assertThat(explain.span().line()).isEqualTo(3);
        }

        @Test
        void explainExtendedInsertAndCtas() {
            var insert = (ExplainStatement) statement("EXPLAIN EXTENDED INSERT OVERWRITE TABLE t SELECT 1");
            assertThat(insert.extended()).isTrue();
            assertThat(insert.explained()).isInstanceOf(InsertTableStatement.class);
            var ctas = (ExplainStatement) statement("EXPLAIN CREATE TABLE t AS SELECT 1 x");
            assertThat(ctas.explained()).isInstanceOf(CreateTableStatement.class);
        }
    }

    @Test
    void statementSpanIsTheGivenSpan() {
        SourceSpan span = new SourceSpan("SHOW TABLES", 7, 3);
        assertThat(HiveQlParser.parse(span).span()).isSameAs(span);
    }
}
