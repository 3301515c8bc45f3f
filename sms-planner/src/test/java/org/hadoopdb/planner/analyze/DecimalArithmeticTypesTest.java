package org.hadoopdb.planner.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** Hive's DECIMAL result types of arithmetic (GenericUDFOPPlus, Multiply, Divide, Mod), not Calcite's. */
class DecimalArithmeticTypesTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(2, 1, 1);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    private String columns(String select) {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(select + " FROM uservisits"));
        String explain = planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS).explain(false);
        return explain.lines().filter(l -> l.strip().startsWith("columns:")).findFirst().orElseThrow().strip();
    }

    @Test
    void aProductHasOneMoreDigitAndPast38KeepsItsIntegerDigits() {
        // Calcite: DECIMAL(27,2) and DECIMAL(38,26), whose 12 integer digits cut a product of two 18-digit numbers to NULL
        assertThat(columns("SELECT CAST(duration AS DECIMAL(17,2)) * duration AS a, "
                + "CAST(duration AS DECIMAL(31,13)) * CAST(duration AS DECIMAL(31,13)) AS b"))
                .isEqualTo("columns: a decimal(28,2), b decimal(38,6)");
    }

    @Test
    void anIntegerConstantCountsItsOwnDigits() {
        // Hive types 100 as DECIMAL(3,0) beside a DECIMAL (its constant inspectors' precision): TPC-DS q98's ratio
        // sum(x) * 100 / sum(sum(x)) over (…) is DECIMAL(38,17) there; an INT column still counts ten digits
        assertThat(columns("SELECT CAST(duration AS DECIMAL(17,2)) * 100 AS a, "
                + "CAST(duration AS DECIMAL(17,2)) * 100 / CAST(duration AS DECIMAL(27,2)) AS b, 7 / CAST(duration AS DECIMAL(5,2)) AS c, "
                + "duration / CAST(duration AS DECIMAL(5,2)) AS d, duration * 3 AS e"))
                .isEqualTo("columns: a decimal(21,2), b decimal(38,17), c decimal(9,6), d decimal(18,6), e int");
    }

    @Test
    void sumsDifferencesRemaindersAndQuotients() {
        assertThat(columns("SELECT CAST(duration AS DECIMAL(7,2)) + CAST(duration AS DECIMAL(5,4)) AS a, "
                + "CAST(duration AS DECIMAL(37,10)) - CAST(duration AS DECIMAL(38,0)) AS b, "
                + "CAST(duration AS DECIMAL(7,2)) % CAST(duration AS DECIMAL(5,4)) AS c, "
                + "CAST(duration AS DECIMAL(28,2)) / CAST(duration AS DECIMAL(27,2)) AS d"))
                .isEqualTo("columns: a decimal(10,4), b decimal(38,6), c decimal(5,4), d decimal(38,10)");
    }
}
