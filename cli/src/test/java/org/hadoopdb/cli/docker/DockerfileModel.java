package org.hadoopdb.cli.docker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The instructions of a Dockerfile that DockerFilesTest checks: the stages ({@code FROM}), and in
 * each its {@code WORKDIR} and {@code COPY}s, with continuation lines joined and comments dropped.
 */
final class DockerfileModel {
    /** A {@code COPY}: its {@code --from} stage or image (null for the build context), sources, destination (absolute), line. */
    record Copy(String from, boolean executable, List<String> sources, String destination, int line) {
    }

    /** A {@code FROM image [AS name]}. */
    record Stage(String image, String name, List<Copy> copies) {
    }

    final Path file;
    final List<Stage> stages = new ArrayList<>();
    final List<String> entrypoint = new ArrayList<>();

    private DockerfileModel(Path file) {
        this.file = file;
    }

    static DockerfileModel read(Path file) throws IOException {
        DockerfileModel m = new DockerfileModel(file);
        List<String> lines = Files.readAllLines(file);
        StringBuilder instruction = new StringBuilder();
        int start = 0;
        String workdir = "/";
        for (int n = 0; n < lines.size(); n++) {
            String l = lines.get(n).strip();
            if (instruction.isEmpty() && (l.isEmpty() || l.startsWith("#"))) {
                continue;
            }
            if (instruction.isEmpty()) {
                start = n + 1;
            }
            if (l.endsWith("\\")) {
                instruction.append(l, 0, l.length() - 1).append(' ');
                continue;
            }
            instruction.append(l);
            String[] w = instruction.toString().trim().split("\\s+");
            instruction.setLength(0);
            switch (w[0].toUpperCase()) {
                case "FROM" -> {
                    String name = w.length >= 4 && w[2].equalsIgnoreCase("AS") ? w[3] : null;
                    m.stages.add(new Stage(w[1], name, new ArrayList<>()));
                    workdir = "/";
                }
                case "WORKDIR" -> workdir = w[1].startsWith("/") ? w[1] : workdir + "/" + w[1];
                case "COPY" -> {
                    String from = null;
                    boolean executable = false;
                    int k = 1;
                    for (; w[k].startsWith("--"); k++) {
                        if (w[k].startsWith("--from=")) {
                            from = w[k].substring("--from=".length());
                        }
                        if (w[k].matches("--chmod=0?7[0-7][0-7]")) {
                            executable = true;
                        }
                    }
                    List<String> sources = Arrays.asList(w).subList(k, w.length - 1);
                    String dest = w[w.length - 1];
                    String absolute = dest.startsWith("/") ? dest : (workdir.endsWith("/") ? workdir : workdir + "/") + dest;
                    m.stages.get(m.stages.size() - 1).copies().add(new Copy(from, executable, List.copyOf(sources), absolute, start));
                }
                case "ENTRYPOINT" -> {
                    m.entrypoint.clear();
                    String json = String.join(" ", Arrays.asList(w).subList(1, w.length));
                    for (String part : json.replaceAll("^\\[|]$", "").split(",")) {
                        m.entrypoint.add(part.strip().replaceAll("^\"|\"$", ""));
                    }
                }
                default -> { }
            }
        }
        return m;
    }

    Stage stage(String name) {
        return stages.stream().filter(s -> name.equals(s.name())).findFirst().orElse(null);
    }

    Stage last() {
        return stages.get(stages.size() - 1);
    }
}
