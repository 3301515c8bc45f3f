package org.hadoopdb.datagen;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The fixed value lists of UserVisits: browser strings (at most 64 characters, the column's width) and
 * correlated country/language pairs ({@code countryCode} is ISO 3166 alpha-3, {@code languageCode} is the
 * country followed by an ISO 639 language, always 6 characters, e.g. {@code DEU|DEU-DE}).
 */
final class UserVisitsVocabulary {

    static final List<String> USER_AGENTS = List.of(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/118.0",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/119.0 Safari",
            "Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0)",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:109.0) Gecko",
            "Mozilla/5.0 (X11; Linux x86_64) Chrome/118.0 Safari/537.36",
            "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:109.0) Firefox/119",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile",
            "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) Version/16.6",
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/119.0 Mobile",
            "Mozilla/5.0 (Linux; Android 13; SM-S911B) SamsungBrowser/23.0",
            "Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)",
            "Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)",
            "Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)",
            "Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US) Firefox/3.0.1",
            "Mozilla/5.0 (Macintosh; U; PPC Mac OS X; en) Safari/125.8",
            "Opera/9.80 (Windows NT 6.1; U; en) Presto/2.10.229 Version/11",
            "Opera/9.25 (Windows NT 5.1; U; en)",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Edg/119.0.2151.44",
            "Mozilla/5.0 (X11; CrOS x86_64 15633.69.0) Chrome/119.0",
            "Lynx/2.8.9rel.1 libwww-FM/2.14 SSL-MM/1.4.1 OpenSSL/1.1.1",
            "Wget/1.21.3",
            "curl/8.4.0",
            "Googlebot/2.1 (+http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bot)",
            "Mozilla/5.0 (compatible; YandexBot/3.0)",
            "Mozilla/5.0 (compatible; Konqueror/4.5; Linux) KHTML/4.5.4",
            "Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 NokiaN97-1/12.0.024)",
            "BlackBerry9700/5.0.0.351 Profile/MIDP-2.1 Configuration/CLDC",
            "NetSurf/3.10 (Linux)");

    /** countryCode|languageCode pairs, written as they appear in the file. */
    static final List<String> COUNTRY_LANGUAGES = List.of(
            "USA|USA-EN", "USA|USA-ES", "GBR|GBR-EN", "CAN|CAN-EN", "CAN|CAN-FR", "AUS|AUS-EN",
            "NZL|NZL-EN", "IRL|IRL-EN", "DEU|DEU-DE", "AUT|AUT-DE", "CHE|CHE-DE", "CHE|CHE-FR",
            "CHE|CHE-IT", "FRA|FRA-FR", "BEL|BEL-FR", "BEL|BEL-NL", "NLD|NLD-NL", "LUX|LUX-FR",
            "ESP|ESP-ES", "ESP|ESP-CA", "PRT|PRT-PT", "ITA|ITA-IT", "GRC|GRC-EL", "POL|POL-PL",
            "CZE|CZE-CS", "SVK|SVK-SK", "HUN|HUN-HU", "ROU|ROU-RO", "BGR|BGR-BG", "SWE|SWE-SV",
            "NOR|NOR-NO", "DNK|DNK-DA", "FIN|FIN-FI", "FIN|FIN-SV", "ISL|ISL-IS", "RUS|RUS-RU",
            "UKR|UKR-UK", "TUR|TUR-TR", "ISR|ISR-HE", "EGY|EGY-AR", "SAU|SAU-AR", "IND|IND-HI",
            "IND|IND-EN", "PAK|PAK-UR", "CHN|CHN-ZH", "TWN|TWN-ZH", "JPN|JPN-JA", "KOR|KOR-KO",
            "VNM|VNM-VI", "THA|THA-TH", "IDN|IDN-ID", "MYS|MYS-MS", "PHL|PHL-TL", "BRA|BRA-PT",
            "ARG|ARG-ES", "MEX|MEX-ES", "CHL|CHL-ES", "COL|COL-ES", "PER|PER-ES", "ZAF|ZAF-EN",
            "ZAF|ZAF-AF", "NGA|NGA-EN", "KEN|KEN-SW");

    private static final byte[][] USER_AGENT_BYTES = toBytes(USER_AGENTS);
    private static final byte[][] COUNTRY_LANGUAGE_BYTES = toBytes(COUNTRY_LANGUAGES);

    private UserVisitsVocabulary() {
    }

    static byte[] userAgent(int index) {
        return USER_AGENT_BYTES[index];
    }

    static byte[] countryLanguage(int index) {
        return COUNTRY_LANGUAGE_BYTES[index];
    }

    private static byte[][] toBytes(List<String> values) {
        byte[][] bytes = new byte[values.size()][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = values.get(i).getBytes(StandardCharsets.US_ASCII);
        }
        return bytes;
    }
}
