package org.hadoopdb.jdbc.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JdbcEscapesTest {
    private final JdbcEscapes escapes = new JdbcEscapes("alice");

    private String translate(String sql) throws SQLException {
        return escapes.translate(sql);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SELECT {fn UCASE(name)} FROM t | SELECT upper(name) FROM t",
            "SELECT {FN lcase(name)} FROM t | SELECT lower(name) FROM t",
            "SELECT { fn CEILING(x) }, {fn LOG(x)}, {fn MOD(a, b)} FROM t | SELECT ceil(x), ln(x), ((a) % (b)) FROM t",
            "SELECT {fn LEFT(name, 3)} FROM t | SELECT substr(name, 1, 3) FROM t",
            "SELECT {fn LENGTH(name)} FROM t | SELECT length(rtrim(name)) FROM t",
            "SELECT {fn SUBSTRING(name, 2, 3)} FROM t | SELECT substr(name, 2, 3) FROM t",
            "SELECT {fn CONCAT('a,b', name)} FROM t | SELECT concat('a,b', name) FROM t",
            "SELECT {fn UCASE({fn LTRIM(name)})} FROM t | SELECT upper(ltrim(name)) FROM t",
            "SELECT {fn IFNULL(a, 0)} FROM t | SELECT nvl(a, 0) FROM t",
            "SELECT {fn CURDATE()}, {fn NOW()} | SELECT current_date, current_timestamp",
            "SELECT {fn YEAR(d)}, {fn DAYOFMONTH(d)}, {fn WEEK(d)} FROM t | SELECT year(d), day(d), weekofyear(d) FROM t",
            "SELECT {fn CONVERT(x, SQL_INTEGER)}, {fn CONVERT(x, VARCHAR)} FROM t | SELECT CAST(x AS INT), CAST(x AS STRING) FROM t",
            "SELECT {fn EXTRACT(MONTH FROM d)} FROM t | SELECT month(d) FROM t",
            "SELECT {fn POSITION('b' IN name)} FROM t | SELECT locate('b', name) FROM t",
            "SELECT {fn TIMESTAMPDIFF(SQL_TSI_DAY, a, b)} FROM t | SELECT datediff(b, a) FROM t",
            "SELECT {fn USER()}, {fn DATABASE()} | SELECT 'alice', current_database()",
            "SELECT {fn SOME_HIVE_FUNCTION(x, 'y')} FROM t | SELECT SOME_HIVE_FUNCTION(x, 'y') FROM t",
            "SELECT * FROM t WHERE d = {d '2020-01-01'} | SELECT * FROM t WHERE d = DATE '2020-01-01'",
            "SELECT * FROM t WHERE ts < {ts '2020-01-01 10:15:00.5'} | SELECT * FROM t WHERE ts < TIMESTAMP '2020-01-01 10:15:00.5'",
            "SELECT {t '10:15:00'} | SELECT '10:15:00'",
            "SELECT * FROM t {limit 10} | SELECT * FROM t LIMIT 10",
            "SELECT * FROM t {LIMIT 10 OFFSET 5} | SELECT * FROM t LIMIT 10 OFFSET 5",
            "SELECT * FROM {oj a LEFT OUTER JOIN b ON a.k = b.k} | SELECT * FROM a LEFT OUTER JOIN b ON a.k = b.k",
            "SELECT * FROM t WHERE name LIKE 'a\\%%' {escape '\\'} AND 1 = 1 | SELECT * FROM t WHERE name LIKE 'a\\%%'  AND 1 = 1",
    })
    void escapesBecomeHiveQl(String jdbc, String hiveQl) throws Exception {
        assertThat(translate(jdbc)).isEqualTo(hiveQl);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT '{fn UCASE(x)}' FROM t",
            "SELECT \"{d '2020-01-01'}\" FROM t",
            "SELECT 'it\\'s {limit 1}' FROM t",
            "SELECT `{weird}` FROM t",
            "SELECT 1 -- {fn UCASE(x)}\n FROM t",
            "SELECT /* {oj x} */ 1 FROM t",
            "SELECT 1 FROM t",
    })
    void bracesInLiteralsNamesAndCommentsAreText(String sql) throws Exception {
        assertThat(translate(sql)).isEqualTo(sql);
    }

    @Test
    void aStringInsideAnEscapeKeepsItsBracesAndQuotes() throws Exception {
        assertThat(translate("SELECT {fn CONCAT('}', '{fn x}')}")).isEqualTo("SELECT concat('}', '{fn x}')");
    }

    @Test
    void malformedEscapesAreSyntaxErrors() {
        for (String sql : new String[] {"SELECT {fn UCASE(x)", "SELECT {nosuch 1}", "SELECT {fn (x)}",
                "SELECT {fn LEFT(x)}", "SELECT {fn CONVERT(x, SQL_GEOMETRY)}", "SELECT x LIKE 'a' {escape}"}) {
            assertThatThrownBy(() -> translate(sql)).as(sql).isInstanceOfSatisfying(SQLSyntaxErrorException.class,
                    e -> assertThat(e.getSQLState()).isEqualTo("42000"));
        }
    }

    @Test
    void whatHiveQlCannotDoIsRefusedClearly() {
        assertThatThrownBy(() -> translate("{call proc(1)}")).isInstanceOf(SQLFeatureNotSupportedException.class)
                .hasMessageContaining("stored procedures");
        assertThatThrownBy(() -> translate("{? = call proc(1)}")).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThatThrownBy(() -> translate("SELECT 1 FROM t WHERE a LIKE 'x!%' {escape '!'}"))
                .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("backslash");
    }

    @Test
    void argumentsSplitOutsideParenthesesAndQuotes() {
        assertThat(JdbcFunctions.split("a, f(b, c), 'x,y', `p,q`")).containsExactly("a", "f(b, c)", "'x,y'", "`p,q`");
        assertThat(JdbcFunctions.split(" ")).isEmpty();
    }
}
