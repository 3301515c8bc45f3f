package org.hadoopdb.jdbc.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Types;
import org.junit.jupiter.api.Test;

class HiveArrayTextTest {

    @Test
    void readsElementsByTheElementType() throws SQLException {
        assertThat(HiveArrayText.elements("[1,null,-3]", "array<int>")).containsExactly(1, null, -3);
        assertThat(HiveArrayText.elements("[9000000000]", "array<bigint>")).containsExactly(9_000_000_000L);
        assertThat(HiveArrayText.elements("[1.50,2]", "array<decimal(5,2)>")).containsExactly(new BigDecimal("1.50"), new BigDecimal("2"));
        assertThat(HiveArrayText.elements("[\"a,b\",\"q\\\"\\n\",\"\\u00e9\"]", "array<string>")).containsExactly("a,b", "q\"\n", "é");
        assertThat(HiveArrayText.elements("[]", "array<string>")).isEmpty();
        assertThat(HiveArrayText.elements("[true,false]", "array<boolean>")).containsExactly(true, false);
    }

    @Test
    void nestedValuesKeepTheirHiveText() throws SQLException {
        assertThat(HiveArrayText.elements("[{\"sku\":\"a]\",\"qty\":1},null,{\"sku\":\"b\",\"qty\":2}]",
                "array<struct<sku:string,qty:int>>")).containsExactly("{\"sku\":\"a]\",\"qty\":1}", null, "{\"sku\":\"b\",\"qty\":2}");
        assertThat(HiveArrayText.elements("[[1,2],[]]", "array<array<int>>")).containsExactly("[1,2]", "[]");
    }

    @Test
    void theArrayReportsItsBaseTypeAndSlices() throws SQLException {
        HiveArray a = new HiveArray("bigint", new Object[] {1L, 2L, 3L});
        assertThat(a.getBaseType()).isEqualTo(Types.BIGINT);
        assertThat((Object[]) a.getArray(2, 2)).containsExactly(2L, 3L);
        assertThatThrownBy(() -> a.getArray(3, 2)).isInstanceOf(SQLException.class).hasMessageContaining("outside the array");
        assertThatThrownBy(() -> HiveArrayText.elements("{1:2}", "map<int,int>")).isInstanceOf(SQLException.class)
                .hasMessageContaining("not an array");
    }
}
