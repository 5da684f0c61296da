package dev.terminus.eval.internal;

import dev.terminus.Category;
import dev.terminus.agent.Usage;
import dev.terminus.eval.Component;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.Summary;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Computes a {@link Summary} in one pass over the rows. */
public final class Tally {
    private Tally() {}

    /**
     * @param map a map of counts
     * @param field the field's name, for messages
     * @param <K> the key type
     * @return an unmodifiable copy in the same order
     */
    public static <K> Map<K, Integer> copy(Map<K, Integer> map, String field) {
        Preconditions.notNull(map, field);
        Map<K, Integer> copy = new LinkedHashMap<>();
        map.forEach((key, count) -> copy.put(Preconditions.notNull(key, field + " key"),
                Preconditions.nonNegative(Preconditions.notNull(count, field + "[" + key + "]"), field + "[" + key + "]")));
        return Collections.unmodifiableMap(copy);
    }

    /**
     * @param rows the rows
     * @return their summary
     */
    public static Summary summarize(List<ReportRow> rows) {
        int evaluated = 0;
        int passed = 0;
        int excluded = 0;
        int scored = 0;
        double scoreSum = 0;
        int retries = 0;
        long totalDuration = 0;
        long[] durations = new long[rows.size()];
        Usage usage = Usage.ZERO;
        BigDecimal cost = BigDecimal.ZERO;
        Map<Status, Integer> byStatus = zeros(Status.values());
        Map<Category, Integer> byCategory = zeros(Category.values());
        Map<Component, Integer> byComponent = zeros(Component.values());
        Map<String, Integer> byTermination = new HashMap<>();
        Map<String, int[]> perTask = new LinkedHashMap<>(); // {rows, passed}
        for (int i = 0; i < rows.size(); i++) {
            ReportRow row = rows.get(i);
            byStatus.merge(row.status(), 1, Integer::sum);
            if (row.termination() != null) {
                byTermination.merge(row.termination().tag(), 1, Integer::sum);
                byCategory.merge(row.category(), 1, Integer::sum);
            }
            if (row.error() != null) {
                byComponent.merge(row.error().component(), 1, Integer::sum);
            }
            int[] task = perTask.computeIfAbsent(row.task(), id -> new int[2]);
            task[0]++;
            switch (row.verdict()) {
                case PASSED -> {
                    evaluated++;
                    passed++;
                    task[1]++;
                }
                case FAILED -> evaluated++;
                case EXCLUDED -> excluded++;
                case NOT_EVALUATED -> { }
            }
            if (row.eval() != null && row.eval().score() != null) {
                scored++;
                scoreSum += row.eval().score();
            }
            usage = usage.plus(row.usage());
            cost = cost.add(row.costUsd());
            durations[i] = row.durationMs();
            totalDuration += row.durationMs();
            retries += row.attempt() - 1;
        }
        int everyRepeat = 0;
        int anyRepeat = 0;
        for (int[] task : perTask.values()) {
            everyRepeat += task[1] == task[0] ? 1 : 0;
            anyRepeat += task[1] > 0 ? 1 : 0;
        }
        return Summary.builder().rows(rows.size()).tasks(perTask.size()).evaluated(evaluated).passed(passed)
                .failed(evaluated - passed).excluded(excluded).notEvaluated(rows.size() - evaluated - excluded)
                .passRate(evaluated == 0 ? 0.0 : (double) passed / evaluated)
                .meanScore(scored == 0 ? null : scoreSum / scored).tasksPassedEveryRepeat(everyRepeat)
                .tasksPassedAnyRepeat(anyRepeat).byStatus(byStatus).byTermination(mostFrequentFirst(byTermination))
                .byCategory(byCategory).errorsByComponent(byComponent).usage(usage).costUsd(cost)
                .totalDurationMs(totalDuration).durationMs(Summary.Percentiles.of(durations)).retries(retries).build();
    }

    private static <E extends Enum<E>> Map<E, Integer> zeros(E[] values) {
        Map<E, Integer> map = new EnumMap<>(values[0].getDeclaringClass());
        for (E value : values) {
            map.put(value, 0);
        }
        return map;
    }

    private static Map<String, Integer> mostFrequentFirst(Map<String, Integer> counts) {
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Integer> ordered = new LinkedHashMap<>();
        entries.forEach(entry -> ordered.put(entry.getKey(), entry.getValue()));
        return ordered;
    }
}
