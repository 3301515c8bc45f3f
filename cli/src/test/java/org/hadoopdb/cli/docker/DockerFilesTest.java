package org.hadoopdb.cli.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.ConfigKey;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.cli.CommandProvider;
import org.hadoopdb.cli.Console;
import org.hadoopdb.cli.HadoopDbCommand;
import org.hadoopdb.hiveql.ast.LoadDataStatement;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import picocli.CommandLine;

/**
 * Keeps docker/ honest where no Docker engine runs it: the compose file's services, build contexts,
 * Dockerfiles, scripts and configuration files must refer to things that exist, agree with each
 * other and with the build (Hadoop and PostgreSQL versions, configuration keys, the hadoopdb
 * subcommands and HiveQL that init-cluster.sh runs).
 */
class DockerFilesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path DOCKER = ROOT.resolve("docker");

    private static Map<String, Object> compose;
    private static Map<String, Map<String, Object>> services;
    private static String pom;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void read() throws IOException {
        compose = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(DOCKER.resolve("compose.yaml")));
        services = (Map<String, Map<String, Object>>) compose.get("services");
        pom = Files.readString(ROOT.resolve("pom.xml"));
    }

    // ---- compose.yaml ----------------------------------------------------------------------------

    @Test
    void everyServiceIsBuiltFromFilesThatExistOrUsesAPinnedImage() {
        assertThat(services).containsKeys("namenode", "resourcemanager", "historyserver", "hadoopdb");
        services.forEach((name, s) -> {
            if (s.get("build") instanceof Map<?, ?> build) {
                Path context = DOCKER.resolve((String) build.get("context")).normalize();
                assertThat(context).as("build context of service %s", name).isDirectory();
                assertThat(context.resolve((String) build.get("dockerfile"))).as("Dockerfile of service %s", name).isRegularFile();
            } else {
                assertThat(s.get("image")).as("service %s: no build section, so a pinned image", name).asString().matches(".+:[0-9][^:]*");
            }
        });
    }

    @Test
    void hadoopImageIsTheHadoopVersionOfTheBuild() throws IOException {
        String hadoop = property("hadoop.version");
        DockerfileModel dockerfile = dockerfileOf("namenode");
        assertThat(dockerfile.stages).extracting(DockerfileModel.Stage::image).filteredOn(i -> i.startsWith("apache/hadoop:"))
                .as("the Hadoop image's FROM (%s)", dockerfile.file).containsExactly("apache/hadoop:" + hadoop);
        for (String name : List.of("namenode", "resourcemanager", "historyserver", "worker1")) {
            assertThat(services.get(name).get("image")).as("image of %s", name).isEqualTo("hadoopdb/hadoop:" + hadoop);
        }
    }

    @Test
    void workerPostgresIsTheMajorVersionTheEmbeddedNodesRun() {
        String major = property("postgres.binaries.version").split("\\.")[0];
        List<String> sidecars = services.keySet().stream().filter(n -> n.endsWith("-postgres")).toList();
        assertThat(sidecars).isNotEmpty();
        sidecars.forEach(n -> assertThat(services.get(n).get("image")).as(n).isEqualTo("postgres:" + major));
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyWorkerIsAHostWithItsPostgresInItsNetworkNamespace() {
        String workers = (String) environment("hadoopdb").get("HADOOPDB_WORKERS");
        assertThat(workers.split(" ")).hasSizeGreaterThanOrEqualTo(3).allSatisfy(w -> {
            assertThat(services).as("service %s", w).containsKey(w);
            assertThat(services.get(w).get("hostname")).as("host name of %s", w).isEqualTo(w);
            assertThat(services.get(w).get("command")).as("command of %s", w).isEqualTo(List.of("worker"));
            Map<String, Object> pg = services.get(w + "-postgres");
            assertThat(pg).as("service %s-postgres", w).isNotNull();
            assertThat(pg.get("network_mode")).isEqualTo("service:" + w);
            assertThat((Map<String, Object>) ((Map<String, Object>) services.get("hadoopdb").get("depends_on")).get(w + "-postgres"))
                    .as("hadoopdb waits for %s-postgres", w).containsEntry("condition", "service_healthy");
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyReferenceInsideComposeResolves() throws IOException {
        Set<String> volumes = ((Map<String, Object>) compose.get("volumes")).keySet();
        Map<String, Object> secrets = (Map<String, Object>) compose.get("secrets");
        String makeSecrets = Files.readString(DOCKER.resolve("make-secrets.sh"));
        secrets.forEach((name, s) -> {
            Path file = DOCKER.resolve((String) ((Map<String, Object>) s).get("file")).normalize();
            assertThat(file.getParent()).as("secret %s", name).isEqualTo(DOCKER.resolve("secrets"));
            assertThat(makeSecrets).as("make-secrets.sh writes %s", file.getFileName()).contains(file.getFileName().toString());
        });
        services.forEach((name, s) -> {
            Object deps = s.get("depends_on");
            Set<String> targets = deps instanceof Map<?, ?> m ? (Set<String>) m.keySet() : deps == null ? Set.of() : Set.copyOf((List<String>) deps);
            assertThat(services.keySet()).as("depends_on of %s", name).containsAll(targets);
            if (s.get("network_mode") instanceof String mode && mode.startsWith("service:")) {
                assertThat(services).as("network_mode of %s", name).containsKey(mode.substring("service:".length()));
            }
            for (String v : (List<String>) s.getOrDefault("volumes", List.of())) {
                String source = v.split(":")[0];
                if (source.startsWith(".")) {
                    assertThat(DOCKER.resolve(source)).as("bind mount of %s", name).exists();
                } else {
                    assertThat(volumes).as("named volume of %s", name).contains(source);
                }
            }
            for (String secret : (List<String>) s.getOrDefault("secrets", List.of())) {
                assertThat(secrets).as("secret of %s", name).containsKey(secret);
            }
        });
        assertThat(Files.readString(DOCKER.resolve("secrets/.gitignore"))).as("secrets are never committed").contains("*");
    }

    // ---- Dockerfiles and scripts -----------------------------------------------------------------

    @Test
    void everyFileCopiedIntoAnImageExists() throws IOException {
        List<String> reactorModules = modules();
        for (String service : List.of("namenode", "hadoopdb")) {
            DockerfileModel dockerfile = dockerfileOf(service);
            Path context = contextOf(service);
            // stages that copy the whole build context (COPY . DIR): their files are the repository's
            Map<String, String> sourceStages = new HashMap<>();
            for (DockerfileModel.Stage stage : dockerfile.stages) {
                stage.copies().stream().filter(c -> c.from() == null && c.sources().equals(List.of(".")))
                        .forEach(c -> sourceStages.put(stage.name(), Path.of(c.destination()).normalize() + "/"));
            }
            for (DockerfileModel.Stage stage : dockerfile.stages) {
                for (DockerfileModel.Copy copy : stage.copies()) {
                    for (String source : copy.sources()) {
                        String where = dockerfile.file + " line " + copy.line() + ": " + source;
                        if (copy.from() == null) {
                            assertThat(context.resolve(source)).as(where).exists();
                            if (copy.executable()) {
                                assertExecutableScript(context.resolve(source));
                            }
                        } else if (sourceStages.containsKey(copy.from())) {
                            String prefix = sourceStages.get(copy.from());
                            assertThat(source).as(where).startsWith(prefix);
                            String path = source.substring(prefix.length());
                            int target = path.indexOf("/target/");
                            if (target < 0) {
                                assertThat(ROOT.resolve(path)).as(where).exists();
                            } else {
                                assertThat(reactorModules).as(where + " is built by a reactor module").contains(path.substring(0, target));
                            }
                        }
                    }
                }
            }
        }
        // bin/hadoopdb runs the benchmarks module's jar (its classes in the image) + lib/*, which the benchmarks
        // module's copy-dependencies fills
        assertThat(Files.readString(ROOT.resolve("bin/hadoopdb"))).contains("${JAR:-$TARGET/classes}:$TARGET/lib/*");
        assertThat(Files.readString(ROOT.resolve("benchmarks/pom.xml"))).contains("<outputDirectory>${project.build.directory}/lib</outputDirectory>");
        assertThat(Files.readString(ROOT.resolve("jdbc-driver/pom.xml"))).contains("driver</shadedClassifierName>");
    }

    @Test
    @SuppressWarnings("unchecked")
    void entrypointsAreExecutableScriptsThatHandleTheirCommands() throws IOException {
        // the compose entrypoint of hadoopdb and the image entrypoint of the Hadoop services
        Path init = fileInImage("hadoopdb", ((List<String>) services.get("hadoopdb").get("entrypoint")).get(0));
        assertThat(init).isEqualTo(DOCKER.resolve("init-cluster.sh"));
        assertExecutableScript(init);
        Path start = fileInImage("namenode", dockerfileOf("namenode").entrypoint.get(0));
        assertExecutableScript(start);
        assertExecutableScript(fileInImage("hadoopdb", dockerfileOf("hadoopdb").entrypoint.get(0)));
        assertExecutableScript(DOCKER.resolve("make-secrets.sh"));

        Set<String> roles = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\s+([a-z]+)\\)\\s*$").matcher(Files.readString(start));
        while (m.find()) {
            roles.add(m.group(1));
        }
        services.forEach((name, s) -> {
            if ("hadoopdb/hadoop".equals(String.valueOf(s.get("image")).split(":")[0])) {
                assertThat(roles).as("%s handles the command of service %s", start.getFileName(), name)
                        .containsAll((List<String>) s.get("command"));
            }
        });
        try (Stream<Path> files = Files.walk(DOCKER)) {
            for (Path sh : files.filter(p -> p.toString().endsWith(".sh")).toList()) {
                assertExecutableScript(sh);
            }
        }
    }

    // ---- configuration ---------------------------------------------------------------------------

    @Test
    void hadoopdbSiteSetsOnlyDeclaredHadoopDbKeysAndRealHadoopKeys() {
        Configuration site = site(DOCKER.resolve("conf/hadoopdb-site.xml"));
        Map<String, ConfigKey<?>> declared = ConfigKeys.all().stream().collect(Collectors.toMap(ConfigKey::name, k -> k));
        Set<String> hadoopKeys = hadoopDefaultKeys();
        int hadoopdbKeys = 0;
        for (Map.Entry<String, String> e : site) {
            if (e.getKey().startsWith("hadoopdb.")) {
                hadoopdbKeys++;
                assertThat(declared).as("%s is declared in ConfigKeys", e.getKey()).containsKey(e.getKey());
                declared.get(e.getKey()).parse(e.getValue());
            } else {
                assertThat(hadoopKeys).as("%s is a Hadoop key (in Hadoop's *-default.xml)", e.getKey()).contains(e.getKey());
            }
        }
        assertThat(hadoopdbKeys).isPositive();
    }

    @Test
    void hadoopSiteFilesSetOnlyRealHadoopKeys() throws IOException {
        Set<String> hadoopKeys = hadoopDefaultKeys();
        try (Stream<Path> files = Files.list(DOCKER.resolve("conf/hadoop"))) {
            List<Path> sites = files.filter(p -> p.toString().endsWith("-site.xml")).sorted().toList();
            assertThat(sites).extracting(p -> p.getFileName().toString())
                    .containsExactly("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml");
            for (Path f : sites) {
                for (Map.Entry<String, String> e : site(f)) {
                    assertThat(hadoopKeys).as("%s in %s is a Hadoop key", e.getKey(), f.getFileName()).contains(e.getKey());
                }
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void clientAndDaemonsAgreeOnWhereEverythingIs() throws IOException {
        Configuration client = site(DOCKER.resolve("conf/hadoopdb-site.xml"));
        Configuration core = site(DOCKER.resolve("conf/hadoop/core-site.xml"));
        Configuration yarn = site(DOCKER.resolve("conf/hadoop/yarn-site.xml"));
        Configuration mapred = site(DOCKER.resolve("conf/hadoop/mapred-site.xml"));
        assertThat(client.get("fs.defaultFS")).isEqualTo(core.get("fs.defaultFS"));
        assertThat(client.get("mapreduce.framework.name")).isEqualTo("yarn").isEqualTo(mapred.get("mapreduce.framework.name"));
        for (String key : List.of("yarn.resourcemanager.hostname", "mapreduce.jobhistory.address", "mapreduce.application.classpath",
                "yarn.app.mapreduce.am.env", "mapreduce.map.env", "mapreduce.reduce.env")) {
            Configuration daemons = key.startsWith("yarn.resourcemanager") ? yarn : mapred;
            assertThat(client.get(key)).as(key).isNotNull().isEqualTo(daemons.get(key));
        }
        Set<String> hosts = services.values().stream().map(s -> (String) s.get("hostname")).collect(Collectors.toSet());
        assertThat(hosts).contains(java.net.URI.create(client.get("fs.defaultFS")).getHost(), client.get("yarn.resourcemanager.hostname"),
                client.get("mapreduce.jobhistory.address").split(":")[0]);
        for (String key : List.of("hadoopdb.catalog.path", "hadoopdb.load.reject-dir")) {
            assertThat(client.get(key)).as("%s is on HDFS, where every task can read it", key).startsWith(client.get("fs.defaultFS") + "/");
        }
        // task JVMs run on the JRE 17 the Hadoop image copies in
        Matcher javaHome = Pattern.compile("JAVA_HOME=([^,]+)").matcher(yarn.get("yarn.nodemanager.admin-env"));
        assertThat(javaHome.find()).isTrue();
        assertThat(dockerfileOf("namenode").stages.stream().flatMap(s -> s.copies().stream()).map(DockerfileModel.Copy::destination))
                .contains(javaHome.group(1));
        // the query server's port is the one published
        String port = client.get("hadoopdb.server.port");
        assertThat((List<String>) services.get("hadoopdb").get("ports")).anyMatch(p -> p.endsWith(":" + port));
        assertThat(client.get("hadoopdb.server.bind-address")).isEqualTo("0.0.0.0");
    }

    // ---- init-cluster.sh -------------------------------------------------------------------------

    @Test
    void initClusterRunsRealHadoopdbCommandsAndValidHiveQl() throws IOException {
        String script = Files.readString(DOCKER.resolve("init-cluster.sh"));
        List<ShellCommands.Command> commands = ShellCommands.parse(script, assignments(script));
        List<List<String>> hadoopdb = new ArrayList<>();
        for (ShellCommands.Command c : commands) {
            if (!c.program().equals("hadoopdb")) {
                continue;
            }
            String where = "init-cluster.sh line " + c.line() + ": hadoopdb " + String.join(" ", c.arguments());
            CommandLine.ParseResult parsed;
            try {
                parsed = commandLine().parseArgs(c.arguments().toArray(new String[0]));
            } catch (CommandLine.ParameterException e) {
                throw new AssertionError(where + " is not a valid hadoopdb command line: " + e.getMessage(), e);
            }
            if (parsed.hasMatchedOption("-e")) {
                parseHiveQl(where, parsed.matchedOption("-e").getValue());
            }
            if (parsed.hasMatchedOption("-f")) {
                Path file = fileInImage("hadoopdb", parsed.matchedOption("-f").getValue().toString());
                assertThat(file).as(where).isRegularFile();
                parseHiveQl(where, Files.readString(file));
            }
            hadoopdb.add(subcommands(parsed));
        }
        assertThat(hadoopdb).as("the hadoopdb commands init-cluster.sh runs").contains(List.of("cluster", "status"),
                List.of("cluster", "add-node"), List.of("server", "add-user"), List.of());
    }

    @Test
    void initClusterRunsTheDataGeneratorWithItsRealOptions() throws IOException {
        String script = Files.readString(DOCKER.resolve("init-cluster.sh"));
        List<ShellCommands.Command> java = ShellCommands.parse(script, assignments(script)).stream()
                .filter(c -> c.program().equals("java")).toList();
        assertThat(java).isNotEmpty();
        for (ShellCommands.Command c : java) {
            String main = c.arguments().stream().filter(a -> a.startsWith("org.hadoopdb.")).findFirst().orElseThrow();
            String file = "src/main/java/" + main.replace('.', '/') + ".java";
            // the launcher's class path holds every module: the class is in whichever has its source
            Path source = modules().stream().map(m -> ROOT.resolve(m).resolve(file)).filter(Files::isRegularFile).findFirst()
                    .orElse(ROOT.resolve("benchmarks").resolve(file));
            assertThat(source).as("main class %s of init-cluster.sh line %d", main, c.line()).isRegularFile();
            String code = Files.readString(source);
            c.arguments().stream().filter(a -> a.startsWith("--")).forEach(option ->
                    assertThat(code).as("%s has the option %s", main, option).contains("names = \"" + option + "\""));
        }
    }

    @Test
    void theSampleLoadsWhatTheGeneratorWrites() throws IOException {
        String script = Files.readString(DOCKER.resolve("init-cluster.sh"));
        Map<String, String> vars = assignments(script);
        String sampleDir = vars.get("SAMPLE_DIR");
        assertThat(sampleDir).isNotBlank();
        ShellCommands.Command generator = ShellCommands.parse(script, vars).stream().filter(c -> c.program().equals("java"))
                .findFirst().orElseThrow();
        List<String> args = generator.arguments();
        assertThat(args.get(args.indexOf("--out") + 1)).isEqualTo(sampleDir);
        Set<String> generated = Set.of(args.get(args.indexOf("--tables") + 1).split(","));

        Set<String> loaded = new TreeSet<>();
        for (Statement s : HiveQlParser.parseScript(Files.readString(DOCKER.resolve("sample/pavlo.hql")))) {
            if (s instanceof LoadDataStatement load) {
                assertThat(load.local()).isTrue();
                assertThat(load.path()).startsWith(sampleDir + "/");
                loaded.add(load.path().substring(sampleDir.length() + 1));
            }
        }
        assertThat(loaded).isEqualTo(new TreeSet<>(generated));
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private static void parseHiveQl(String where, String hiveQl) {
        try {
            assertThat(HiveQlParser.parseScript(hiveQl)).as(where).isNotEmpty();
        } catch (RuntimeException e) {
            fail(where + ": the HiveQL does not parse: " + e.getMessage(), e);
        }
    }

    /** The hadoopdb command line as Main builds it (subcommands from every CommandProvider on the class path). */
    private static CommandLine commandLine() {
        Console console = new Console(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        CommandLine cli = new CommandLine(new HadoopDbCommand(console));
        for (CommandProvider provider : java.util.ServiceLoader.load(CommandProvider.class)) {
            provider.commands().forEach(cli::addSubcommand);
        }
        return cli;
    }

    private static List<String> subcommands(CommandLine.ParseResult parsed) {
        List<String> names = new ArrayList<>();
        for (CommandLine.ParseResult r = parsed.subcommand(); r != null; r = r.subcommand()) {
            names.add(r.commandSpec().name());
        }
        return names;
    }

    /** The script's top-level {@code NAME=value} lines; {@code "${X:-default}"} gives the default. */
    private static Map<String, String> assignments(String script) {
        Map<String, String> vars = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^([A-Z_]+)=(\\S+)").matcher(script);
        while (m.find()) {
            String value = m.group(2).replaceAll("^\"|\"$", "");
            Matcher def = Pattern.compile("^\\$\\{[A-Z_]+:-(.*)}$").matcher(value);
            vars.put(m.group(1), def.matches() ? def.group(1) : value);
        }
        return vars;
    }

    @SuppressWarnings("unchecked")
    private static Path contextOf(String service) {
        return DOCKER.resolve((String) ((Map<String, Object>) services.get(service).get("build")).get("context")).normalize();
    }

    @SuppressWarnings("unchecked")
    private static DockerfileModel dockerfileOf(String service) throws IOException {
        Map<String, Object> build = (Map<String, Object>) services.get(service).get("build");
        return DockerfileModel.read(contextOf(service).resolve((String) build.get("dockerfile")));
    }

    /** The file of the build context that the service's image holds at {@code path} (from the last stage's COPYs). */
    private static Path fileInImage(String service, String path) throws IOException {
        DockerfileModel dockerfile = dockerfileOf(service);
        for (DockerfileModel.Copy copy : dockerfile.last().copies()) {
            if (copy.from() != null) {
                continue;
            }
            for (String source : copy.sources()) {
                String dest = copy.destination();
                String name = Path.of(source).getFileName().toString();
                if (path.equals(dest) || path.equals(dest + name)) {
                    return contextOf(service).resolve(source).normalize();
                }
                if (dest.endsWith("/") && path.startsWith(dest)) {
                    Path inside = contextOf(service).resolve(source).resolve(path.substring(dest.length()));
                    if (Files.exists(inside)) {
                        return inside.normalize();
                    }
                }
            }
        }
        throw new AssertionError(path + " is not copied into the image of service " + service + " (" + dockerfile.file + ")");
    }

    private static void assertExecutableScript(Path script) {
        assertThat(script).as("script").isRegularFile();
        assertThat(Files.isExecutable(script)).as("%s is executable (git update-index --chmod=+x)", ROOT.relativize(script)).isTrue();
        try {
            assertThat(Files.readAllLines(script).get(0)).as("%s starts with a shebang", ROOT.relativize(script)).startsWith("#!");
        } catch (IOException e) {
            throw new AssertionError("cannot read " + script, e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(String service) {
        return (Map<String, Object>) services.get(service).get("environment");
    }

    private static Configuration site(Path file) {
        Configuration c = new Configuration(false);
        c.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
        assertThat(c.size()).as("%s has properties", file).isPositive();
        return c;
    }

    /**
     * Every key Hadoop knows: those its *-default.xml files document, and the names its configuration
     * classes declare as constants (some real keys, e.g. yarn.app.mapreduce.am.env, are only there).
     */
    private static Set<String> hadoopDefaultKeys() {
        Set<String> keys = new TreeSet<>();
        for (String defaults : List.of("core-default.xml", "hdfs-default.xml", "mapred-default.xml", "yarn-default.xml")) {
            assertThat(DockerFilesTest.class.getClassLoader().getResource(defaults)).as(defaults + " on the class path").isNotNull();
            Configuration c = new Configuration(false);
            c.addResource(defaults);
            c.forEach(e -> keys.add(e.getKey()));
        }
        for (Class<?> constants : List.of(org.apache.hadoop.mapreduce.MRJobConfig.class, org.apache.hadoop.yarn.conf.YarnConfiguration.class,
                org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig.class, org.apache.hadoop.hdfs.DFSConfigKeys.class,
                org.apache.hadoop.hdfs.client.HdfsClientConfigKeys.class, org.apache.hadoop.fs.CommonConfigurationKeysPublic.class,
                org.apache.hadoop.security.alias.CredentialProviderFactory.class)) {
            for (java.lang.reflect.Field f : constants.getFields()) {
                if (f.getType() == String.class && java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    try {
                        keys.add((String) f.get(null));
                    } catch (IllegalAccessException e) {
                        throw new AssertionError("cannot read " + constants.getName() + "." + f.getName(), e);
                    }
                }
            }
        }
        return keys;
    }

    private static String property(String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertThat(m.find()).as("root pom.xml property %s", name).isTrue();
        return m.group(1).trim();
    }

    private static List<String> modules() {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
