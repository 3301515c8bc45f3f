package org.hadoopdb.functions.udf;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;

/**
 * Where Hive's jars and HadoopDB's bridge to them are ({@code hadoopdb.udf.hive-lib}): the key when
 * set; else {@code <home>/lib/hive-udf} when it exists; else {@code hive-udf-bridge/target/hive-lib} of
 * the source tree HadoopDB's own classes were loaded from (a fresh clone after {@code ./mvnw package},
 * which {@code bin/hadoopdb} runs).
 */
public final class HiveLib {
    /** The directory the bridge module's build fills, relative to the source tree's root. */
    static final Path BUILT = Path.of("hive-udf-bridge", "target", "hive-lib");

    private HiveLib() {
    }

    /** The directory, or the error that says where it was looked for and how to make it. */
    public static Path directory(HadoopDbConfig config) {
        Optional<String> set = config.getIfSet(ConfigKeys.UDF_HIVE_LIB);
        if (set.isPresent()) {
            Path dir = Path.of(set.get()).toAbsolutePath().normalize();
            if (!Files.isDirectory(dir)) {
                throw new UserFunctionException(ConfigKeys.UDF_HIVE_LIB.name() + " is " + dir
                        + ", which is not a directory: point it at a copy of hive-udf-bridge/target/hive-lib (docs/configuration.md)", null);
            }
            return dir;
        }
        Path inHome = config.home().root().resolve("lib").resolve("hive-udf");
        if (Files.isDirectory(inHome)) {
            return inHome;
        }
        return codeLocation(HiveLib.class).flatMap(HiveLib::inSourceTree).orElseThrow(() -> new UserFunctionException("User functions need Hive's jars, which "
                + "are neither at " + inHome + " nor in a source tree of HadoopDB: build them with ./mvnw package (they land in "
                + BUILT + ") and set " + ConfigKeys.UDF_HIVE_LIB.name() + " to that directory (docs/configuration.md)", null));
    }

    /** Every jar of the directory, in name order (the class loader's order). */
    public static List<Path> jars(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> jars = files.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p)).sorted().toList();
            if (jars.stream().noneMatch(p -> p.getFileName().toString().startsWith("hive-exec-"))
                    || jars.stream().noneMatch(p -> p.getFileName().toString().startsWith("hadoopdb-hive-udf-bridge"))) {
                throw new UserFunctionException(directory + " (" + ConfigKeys.UDF_HIVE_LIB.name() + ") does not hold Hive's "
                        + "hive-exec jar and HadoopDB's hadoopdb-hive-udf-bridge jar: copy hive-udf-bridge/target/hive-lib there "
                        + "(./mvnw package builds it)", null);
            }
            return jars;
        } catch (IOException e) {
            throw new UserFunctionException("Cannot list Hive's jars in " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code hive-udf-bridge/target/hive-lib} in a directory above {@code start}, where HadoopDB's classes
     * were loaded from ({@code <root>/functions/target/classes}, {@code <root>/benchmarks/target/lib/x.jar}).
     */
    static Optional<Path> inSourceTree(Path start) {
        for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(BUILT);
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Where {@code anchor}'s class file was loaded from (a jar or a class directory). */
    static Optional<Path> codeLocation(Class<?> anchor) {
        CodeSource source = anchor.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()));
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }
}
