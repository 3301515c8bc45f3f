package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.hiveql.parse.Parsing.expr;
import static org.hadoopdb.hiveql.parse.Parsing.sql;
import static org.hadoopdb.hiveql.parse.Parsing.statement;

import org.hadoopdb.hiveql.ast.ColumnDef;
import org.hadoopdb.hiveql.ast.CreateTableStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.junit.jupiter.api.Test;

/** ARRAY, MAP and STRUCT in DDL, subscripts and field references, LATERAL VIEW and generators in the select list. */
class ComplexSyntaxTest {

    @Test
    void complexColumnTypesAndTheirDelimiters() {
        var create = (CreateTableStatement) statement("CREATE TABLE t (a ARRAY<INT>, m map<string, array<double>>, "
                + "s STRUCT<name: STRING, `when`: DATE>) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' "
                + "COLLECTION ITEMS TERMINATED BY ',' MAP KEYS TERMINATED BY ':'");
        assertThat(create.columns()).containsExactly(new ColumnDef("a", "array<int>", null),
                new ColumnDef("m", "map<string,array<double>>", null), new ColumnDef("s", "struct<name:string,when:date>", null));
        assertThat(create.rowFormat()).isEqualTo(new RowFormat("|", null, null, null, ",", ":"));
    }

    @Test
    void aBadComplexTypeIsASyntaxErrorAtTheType() {
        assertThatThrownBy(() -> statement("CREATE TABLE t (m MAP<ARRAY<INT>, INT>)"))
                .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("A map's key must be a primitive type");
    }

    @Test
    void subscriptsAndFieldReferences() {
        assertThat(expr("a[1 + i]")).isEqualTo("\"index\"(\"a\", 1 + \"i\")");
        assertThat(expr("s.f")).isEqualTo("\"s\".\"f\"");
        assertThat(expr("t.s.f")).isEqualTo("\"t\".\"s\".\"f\"");
        assertThat(expr("a[0].f")).isEqualTo("\"index\"(\"a\", 0).\"f\"");
        assertThat(expr("m[k][2]")).isEqualTo("\"index\"(\"index\"(\"m\", \"k\"), 2)");
    }

    @Test
    void lateralViewsJoinTheTableFunctionLaterally() {
        assertThat(sql("SELECT x FROM t LATERAL VIEW explode(a) v AS x LATERAL VIEW OUTER posexplode(b) w AS p, y"))
                .isEqualTo("SELECT \"x\" FROM \"t\" CROSS JOIN LATERAL TABLE(EXPLODE(\"a\")) AS \"v\" (\"x\") "
                        + "LEFT JOIN LATERAL TABLE(POSEXPLODE(\"b\")) AS \"w\" (\"p\", \"y\") ON TRUE");
        assertThat(sql("SELECT explode(m) AS (k, v) FROM t"))
                .isEqualTo("SELECT \"$generated\".* FROM \"t\" CROSS JOIN LATERAL TABLE(EXPLODE(\"m\")) AS \"$generated\" (\"k\", \"v\")");
    }

    @Test
    void aGeneratorMustBeTheOnlyItemAndLateralViewTakesOnlyGenerators() {
        assertThatThrownBy(() -> statement("SELECT id, explode(a) FROM t")).isInstanceOf(HiveQlSyntaxException.class)
                .hasMessageContaining("must be the only expression of the select list");
        assertThatThrownBy(() -> statement("SELECT x FROM t LATERAL VIEW upper(a) v AS x")).isInstanceOf(HiveQlSyntaxException.class)
                .hasMessageContaining("'upper' is not a table-generating function").hasMessageContaining("or a user's GenericUDTF");
    }
}
