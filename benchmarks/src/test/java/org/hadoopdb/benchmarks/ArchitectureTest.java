package org.hadoopdb.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layering of docs/architecture.md, checked on the compiled main code of every module: a module
 * uses only the modules below it, and no two packages depend on each other, neither across modules
 * nor inside one. The enforcer plugin checks the same order on the Maven dependencies; this test
 * also catches what a dependency declaration cannot (a package cycle inside a module). It runs here
 * because the benchmarks module is the bottom layer and sees every other one.
 */
class ArchitectureTest {
    /** The root package of each module's code, lowest layer first (the order of the parent pom's modules). */
    static final List<String> LAYERS = List.of(
            "org.hadoopdb.catalog",
            "org.hadoopdb.cluster",
            "org.hadoopdb.connector",
            "org.hadoopdb.loader",
            "org.hadoopdb.functions",
            "org.hadoopdb.hiveql",
            "org.hadoopdb.planner",
            "org.hadoopdb.runtime",
            "org.hadoopdb.engine",
            "org.hadoopdb.jdbc",
            "org.hadoopdb.hs2",
            "org.hadoopdb.console",
            "org.hadoopdb.datagen",
            "org.hadoopdb.cli",
            "org.hadoopdb.benchmarks");

    private static JavaClasses mainCode;

    @BeforeAll
    static void importMainCode() {
        mainCode = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("org.hadoopdb");
    }

    static Stream<String> layers() {
        return LAYERS.stream();
    }

    @ParameterizedTest(name = "the main code of {0} is checked")
    @MethodSource("layers")
    void everyModuleIsImported(String layer) {
        assertThat(mainCode.stream().filter(c -> c.getPackageName().startsWith(layer))).hasSizeGreaterThan(3);
    }

    @ParameterizedTest(name = "{0} uses no module above it")
    @MethodSource("layers")
    void aModuleUsesOnlyTheModulesBelowIt(String layer) {
        List<String> above = LAYERS.subList(LAYERS.indexOf(layer) + 1, LAYERS.size());
        if (above.isEmpty()) {
            return;
        }
        noClasses().that().resideInAPackage(layer + "..")
                .should().dependOnClassesThat().resideInAnyPackage(above.stream().map(p -> p + "..").toArray(String[]::new))
                .because("docs/architecture.md: a module depends only on the modules below it")
                .check(mainCode);
    }

    /**
     * Hive's classes never run on HadoopDB's class path: only the hive-udf-bridge module touches them, and it is
     * loaded by the user functions' own class loader (docs/architecture.md, "Key decisions").
     */
    @Test
    void noModuleUsesHiveOrTheBridgeDirectly() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.hadoop.hive..", "org.hadoopdb.hiveudf..")
                .because("Hive's jars are loaded only by the isolated class loader of user functions")
                .check(mainCode);
    }

    /** The bridge (imported from its build, since it is on no class path) sees HadoopDB only through the SPI. */
    @Test
    void theBridgeSeesHadoopDbOnlyThroughTheSpi() {
        java.nio.file.Path classes = java.nio.file.Path.of("..", "hive-udf-bridge", "target", "classes").toAbsolutePath().normalize();
        assertThat(classes).as("the hive-udf-bridge module is built first (./mvnw install)").isDirectory();
        JavaClasses bridge = new ClassFileImporter().importPath(classes);
        assertThat(bridge.stream().filter(c -> c.getPackageName().startsWith("org.hadoopdb.hiveudf"))).hasSizeGreaterThan(3);
        noClasses().that().resideInAPackage("org.hadoopdb.hiveudf..")
                .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("HadoopDB outside the SPI",
                        (com.tngtech.archunit.core.domain.JavaClass c) -> c.getPackageName().startsWith("org.hadoopdb.")
                                && !c.getPackageName().startsWith("org.hadoopdb.hiveudf")
                                && !c.getPackageName().equals("org.hadoopdb.functions.udf.spi")))
                .because("only org.hadoopdb.functions.udf.spi crosses the isolated class loader's boundary")
                .check(bridge);
    }

    @Test
    void modulesFormNoCycle() {
        slices().matching("org.hadoopdb.(*)..").should().beFreeOfCycles().check(mainCode);
    }

    @ParameterizedTest(name = "the packages of {0} form no cycle")
    @MethodSource("layers")
    void packagesInsideAModuleFormNoCycle(String layer) {
        slices().matching(layer + ".(*)..").should().beFreeOfCycles().allowEmptyShould(true).check(mainCode);
    }
}
