package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.hiveql.parse.Parsing.sql;
import static org.hadoopdb.hiveql.parse.Parsing.statement;

import java.util.Map;
import org.hadoopdb.hiveql.ast.AlterTableStatement;
import org.hadoopdb.hiveql.ast.AlterViewStatement;
import org.hadoopdb.hiveql.ast.ColumnDef;
import org.hadoopdb.hiveql.ast.CreateViewStatement;
import org.hadoopdb.hiveql.ast.DropViewStatement;
import org.hadoopdb.hiveql.ast.RenameStatement;
import org.hadoopdb.hiveql.ast.ShowColumnsStatement;
import org.hadoopdb.hiveql.ast.ShowCreateTableStatement;
import org.hadoopdb.hiveql.ast.ShowTablePropertiesStatement;
import org.hadoopdb.hiveql.ast.ShowViewsStatement;
import org.hadoopdb.hiveql.ast.TruncateTableStatement;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.LoadDataStatement;
import org.hadoopdb.hiveql.ast.PartitionSpec;
import org.hadoopdb.hiveql.ast.ShowPartitionsStatement;
import org.hadoopdb.hiveql.ast.ViewColumn;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Views, ALTER TABLE, TRUNCATE and the SHOW statements about one table, as the records of org.hadoopdb.hiveql.ast. */
class DefinitionStatementTest {

    @Nested
    class Views {
        @Test
        void createViewWithEveryClauseKeepsTheQueryText() {
            var view = (CreateViewStatement) statement("""
                    CREATE OR REPLACE VIEW default.Big_Visits (ip COMMENT 'the client', Revenue)
                    COMMENT 'large visits'
                    AS SELECT sourceIP, adRevenue FROM visits  -- a comment inside
                       WHERE adRevenue > 100""");
            assertThat(view.name()).isEqualTo("default.big_visits"); // the session drops "default."
            assertThat(view.orReplace()).isTrue();
            assertThat(view.ifNotExists()).isFalse();
            assertThat(view.columns()).containsExactly(new ViewColumn("ip", "the client"), new ViewColumn("revenue", null));
            assertThat(view.comment()).isEqualTo("large visits");
            assertThat(view.queryText()).isEqualTo("SELECT sourceIP, adRevenue FROM visits  -- a comment inside\n"
                    + "   WHERE adRevenue > 100");
            assertThat(sql(view.query())).isEqualTo("SELECT \"sourceip\", \"adrevenue\" FROM \"visits\" WHERE \"adrevenue\" > 100");
        }

        @Test
        void createViewIfNotExistsWithoutColumns() {
            var view = (CreateViewStatement) statement("CREATE VIEW IF NOT EXISTS v AS SELECT 1 AS one");
            assertThat(view.ifNotExists()).isTrue();
            assertThat(view.orReplace()).isFalse();
            assertThat(view.columns()).isEmpty();
            assertThat(view.queryText()).isEqualTo("SELECT 1 AS one");
        }

        @Test
        void orReplaceWithIfNotExistsIsRefused() {
            assertThatThrownBy(() -> statement("CREATE OR REPLACE VIEW IF NOT EXISTS v AS SELECT 1"))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("cannot also say IF NOT EXISTS");
        }

        @Test
        void viewColumnsAreDeclaredOnce() {
            assertThatThrownBy(() -> statement("CREATE VIEW v (a, A) AS SELECT 1, 2"))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("column 'a' is declared twice");
        }

        @Test
        void dropAlterRenameAndShowViews() {
            assertThat(statement("DROP VIEW IF EXISTS V1")).isEqualTo(new DropViewStatement("v1", true, span("DROP VIEW IF EXISTS V1")));
            assertThat(((DropViewStatement) statement("DROP VIEW v1")).ifExists()).isFalse();
            var alter = (AlterViewStatement) statement("ALTER VIEW v1 AS SELECT a FROM t");
            assertThat(alter.name()).isEqualTo("v1");
            assertThat(alter.queryText()).isEqualTo("SELECT a FROM t");
            var rename = (RenameStatement) statement("ALTER VIEW v1 RENAME TO v2");
            assertThat(rename.view()).isTrue();
            assertThat(rename.newName()).isEqualTo("v2");
            assertThat(((ShowViewsStatement) statement("SHOW VIEWS")).pattern()).isNull();
            assertThat(((ShowViewsStatement) statement("SHOW VIEWS LIKE 'v*'")).pattern()).isEqualTo("v*");
            assertThat(((ShowViewsStatement) statement("SHOW VIEWS 'v*'")).pattern()).isEqualTo("v*");
        }

        @Test
        void theNewKeywordsStayUsableAsNamesAndFunctions() {
            assertThat(sql("SELECT replace(view, 'a', 'b') AS columns, add, change FROM truncate"))
                    .isEqualTo("SELECT REPLACE(\"view\", _UTF-16'a', _UTF-16'b') AS \"columns\", \"add\", \"change\" FROM \"truncate\"");
        }
    }

    @Nested
    class AlterTable {
        @Test
        void renameTable() {
            var rename = (RenameStatement) statement("ALTER TABLE Visits RENAME TO default.visits_2009");
            assertThat(rename).isEqualTo(new RenameStatement("visits", "default.visits_2009", false,
                    span("ALTER TABLE Visits RENAME TO default.visits_2009")));
        }

        @Test
        void addColumns() {
            var alter = (AlterTableStatement) statement("ALTER TABLE t ADD COLUMNS (c1 STRING COMMENT 'new', C2 DECIMAL(5, 1))");
            assertThat(alter.table()).isEqualTo("t");
            assertThat(alter.action()).isEqualTo(new AlterTableStatement.AddColumns(java.util.List.of(
                    new ColumnDef("c1", "string", "new"), new ColumnDef("c2", "decimal(5,1)", null))));
            assertThatThrownBy(() -> statement("ALTER TABLE t ADD COLUMNS (a INT, a INT)"))
                    .hasMessageContaining("column 'a' is declared twice");
        }

        @Test
        void changeColumnWithAndWithoutTheColumnKeyword() {
            var change = (AlterTableStatement) statement("ALTER TABLE t CHANGE COLUMN Old New INT COMMENT 'renamed'");
            assertThat(change.action()).isEqualTo(new AlterTableStatement.ChangeColumn("old", new ColumnDef("new", "int", "renamed")));
            var short_ = (AlterTableStatement) statement("ALTER TABLE t CHANGE a a VARCHAR(10)");
            assertThat(short_.action()).isEqualTo(new AlterTableStatement.ChangeColumn("a", new ColumnDef("a", "varchar(10)", null)));
        }

        @Test
        void setTableProperties() {
            var set = (AlterTableStatement) statement("ALTER TABLE t SET TBLPROPERTIES ('comment'='c', 'field.delim'='|')");
            assertThat(set.action()).isEqualTo(new AlterTableStatement.SetProperties(Map.of("comment", "c", "field.delim", "|")));
            assertThat(((AlterTableStatement.SetProperties) set.action()).properties().keySet()).containsExactly("comment", "field.delim");
        }

        @Test
        void anUnknownActionIsASyntaxError() {
            assertThatThrownBy(() -> statement("ALTER TABLE t DROP COLUMN a")).isInstanceOf(HiveQlSyntaxException.class);
        }
    }

    @Test
    void truncateAndTheShowStatements() {
        assertThat(((TruncateTableStatement) statement("TRUNCATE TABLE T")).table()).isEqualTo("t");
        assertThat(((TruncateTableStatement) statement("TRUNCATE t")).table()).isEqualTo("t");
        assertThat(((ShowCreateTableStatement) statement("SHOW CREATE TABLE default.T")).table()).isEqualTo("default.t");
        assertThat(((ShowColumnsStatement) statement("SHOW COLUMNS FROM t")).table()).isEqualTo("t");
        assertThat(((ShowColumnsStatement) statement("SHOW COLUMNS IN t")).table()).isEqualTo("t");
        var all = (ShowTablePropertiesStatement) statement("SHOW TBLPROPERTIES t");
        assertThat(all.key()).isNull();
        assertThat(((ShowTablePropertiesStatement) statement("SHOW TBLPROPERTIES t ('field.delim')")).key()).isEqualTo("field.delim");
    }

    @Nested
    class Partitions {
        @Test
        void createTablePartitionedAndClustered() {
            var create = (org.hadoopdb.hiveql.ast.CreateTableStatement) statement("""
                    CREATE TABLE logs (ip STRING, hits INT) COMMENT 'daily'
                    PARTITIONED BY (dt DATE, Country STRING COMMENT 'iso code')
                    CLUSTERED BY (ip) INTO 4 BUCKETS""");
            assertThat(create.columns()).extracting(ColumnDef::name).containsExactly("ip", "hits");
            assertThat(create.partitionedBy()).containsExactly(new ColumnDef("dt", "date", null),
                    new ColumnDef("country", "string", "iso code"));
            assertThat(create.clusteredBy()).containsExactly("ip");
        }

        @Test
        void aPartitionColumnIsNotAlsoAColumn() {
            assertThatThrownBy(() -> statement("CREATE TABLE t (a INT, dt STRING) PARTITIONED BY (dt STRING)"))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("column 'dt' is both a column and a partition column");
        }

        @Test
        void insertWithStaticAndDynamicColumns() {
            var insert = (InsertTableStatement) statement(
                    "INSERT OVERWRITE TABLE logs PARTITION (dt='2020-01-01', hr=-5, ok=true, country) SELECT * FROM s");
            assertThat(insert.overwrite()).isTrue();
            assertThat(insert.partition().values()).containsExactly(new PartitionSpec.Value("dt", "2020-01-01"),
                    new PartitionSpec.Value("hr", "-5"), new PartitionSpec.Value("ok", "true"),
                    new PartitionSpec.Value("country", null));
            assertThat(insert.partition().isStatic()).isFalse();
            var into = (InsertTableStatement) statement("INSERT INTO logs PARTITION (dt=DATE '2020-01-02') VALUES ('1.2.3.4', 1)");
            assertThat(into.partition().values()).containsExactly(new PartitionSpec.Value("dt", "2020-01-02"));
            assertThat(((InsertTableStatement) statement("INSERT INTO logs SELECT 1")).partition()).isNull();
        }

        @Test
        void loadShowTruncateDescribeAndAlter() {
            var load = (LoadDataStatement) statement("LOAD DATA LOCAL INPATH '/d' OVERWRITE INTO TABLE logs PARTITION (dt='x')");
            assertThat(load.partition().values()).containsExactly(new PartitionSpec.Value("dt", "x"));
            var show = (ShowPartitionsStatement) statement("SHOW PARTITIONS logs PARTITION (country='nl')");
            assertThat(show.partition().columns()).containsExactly("country");
            assertThat(((ShowPartitionsStatement) statement("show partitions db.logs")).partition()).isNull();
            assertThat(((TruncateTableStatement) statement("TRUNCATE TABLE logs PARTITION (dt='x')")).partition().columns())
                    .containsExactly("dt");
            var add = (AlterTableStatement) statement("ALTER TABLE logs ADD IF NOT EXISTS PARTITION (dt='a') PARTITION (dt='b')");
            var added = (AlterTableStatement.AddPartitions) add.action();
            assertThat(added.ifNotExists()).isTrue();
            assertThat(added.partitions()).hasSize(2);
            var drop = (AlterTableStatement.DropPartitions) ((AlterTableStatement) statement(
                    "ALTER TABLE logs DROP IF EXISTS PARTITION (dt='a'), PARTITION (dt='b')")).action();
            assertThat(drop.ifExists()).isTrue();
            assertThat(drop.partitions()).extracting(p -> p.values().get(0).value()).containsExactly("a", "b");
        }

        @Test
        void staticStatementsNeedEveryValue() {
            assertThatThrownBy(() -> statement("LOAD DATA INPATH '/d' INTO TABLE logs PARTITION (dt)"))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("LOAD DATA needs a value for every column");
            assertThatThrownBy(() -> statement("ALTER TABLE logs ADD PARTITION (dt='a') LOCATION '/x'"))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("LOCATION is not supported");
            assertThatThrownBy(() -> statement("INSERT INTO logs PARTITION (dt='a', dt='b') SELECT 1"))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("'dt' is named twice");
        }

        @Test
        void theNewKeywordsStayUsableAsNames() {
            assertThat(sql("SELECT partitioned, partitions FROM t")).isEqualTo("SELECT \"partitioned\", \"partitions\" FROM \"t\"");
        }
    }

    private static org.hadoopdb.hiveql.ast.SourceSpan span(String text) {
        return org.hadoopdb.hiveql.ast.SourceSpan.of(text);
    }
}
