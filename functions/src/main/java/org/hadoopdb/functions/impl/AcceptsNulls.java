package org.hadoopdb.functions.impl;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a function implementation that takes NULL arguments itself (as Java nulls) instead of
 * returning NULL whenever one is NULL, e.g. {@code concat_ws}, which skips NULL strings.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AcceptsNulls {
}
