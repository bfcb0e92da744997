/* The C reference kernel of issue 27: how far the floor is for pricing a shoe's value-level bets.

   Not part of the package: benchmarks/bench_floor.py builds it with the system `cc` and loads it with
   ctypes (the library functions below), or builds the stand-alone sweep (REF_SWEEP_MAIN).

   What it computes
   ----------------
   A pricer's basis rows B (R rows over the 5,005 multisets of six card values, in lexicographic
   order, each entry 0..720: see exact_odds/punto_banco/pricer.py, "The six-card form") times a
   shoe's six-card features f_m = prod_v falling(c_v, m_v), then the integer rows
   e @ [B f; total] (Pricer.counts) and, for the sweep, pe @ [B f; total] (the EV numerators).
   Eight shoes per call (SIMD lanes): the 5,005 multisets are walked as six nested loops over
   non-decreasing values; each level multiplies its parent's partial product by one card factor
   max(c_v - r, 0), r the copies of v already taken, so a multiset costs one multiply and R
   multiply-adds per lane. One shoe per call: the same multisets as prefix and suffix triples
   (blocked1, the layout of exact_odds/punto_banco/bilinear.py), two contiguous dot products per
   prefix (quicker for one shoe than the loops, walk1, kept for a kernel given no layout). The tables
   (B, e, pe, the layout) are precomputed by the Python side and handed over once (ek_init,
   ek_init_blocked).

   Exactness of the f64 arithmetic (the bound of exact_odds/punto_banco/features.py)
   ---------------------------------------------------------------------------------
   Every card factor is an integer 0..N. A partial product of k <= 6 factors is either 0 or
   falling-product of a k-value multiset, at most N(N-1)...(N-k+1) <= total = N(N-1)...(N-5).
   B[m] * f_m counts the ordered six-card sequences of multiset m that land in the row, so it and
   every partial sum of a row are non-negative integers at most total. float64 represents every
   integer below 2**53 exactly, so while total < 2**53 every product and sum here is exact, in
   any order (the compiler may reorder or fuse; exact stays exact). total < 2**53 holds for
   N <= 458 (458*457*456*455*454*453 = 8,931,244,367,878,560 < 2**53 = 9,007,199,254,740,992;
   459 cards give 9,049,538,995,267,680 > 2**53), so every shoe of up to 458 cards (8 decks and any depleted
   8-deck shoe) is exact. ek_init refuses a B entry outside 0..720; each call refuses a shoe past
   458 cards (returns -1). The integer combination e @ [B f; total] is formed in int64:
   its partial sums are bounded by e_norm * total (e_norm = max row sum of |e|), checked
   e_norm * 2**53 < 2**63 by the caller (bench_floor.py; Pricer's own check, basis.py).
*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MULTISETS 5005
#define MAX_ROWS 16
#define MAX_OUT 64
#define LANES 8
#define MAX_CARDS 458 /* the largest N with N(N-1)...(N-5) < 2**53 */

static int R, E;                       /* basis rows, output rows */
static double B[MAX_ROWS][MULTISETS];  /* basis rows, lexicographic multiset order */
static int64_t EM[MAX_OUT][MAX_ROWS + 1];
#define GROUPS 2002                    /* five-value multisets: the groups of a six-value one's last value */
static double BP[GROUPS * MAX_ROWS * 10];  /* B by group, then row, then the last value f (0 below the group's e) */

int ek_init(int rows, const double *b, int outs, const int64_t *e) {
    if (rows < 1 || rows > MAX_ROWS || outs < 1 || outs > MAX_OUT) return -1;
    R = rows;
    E = outs;
    for (int r = 0; r < R; r++)
        for (int m = 0; m < MULTISETS; m++) {
            double x = b[r * MULTISETS + m];
            if (!(x >= 0 && x <= 720)) return -1;
            B[r][m] = x;
        }
    for (int i = 0; i < E; i++)
        for (int j = 0; j <= R; j++) EM[i][j] = e[i * (R + 1) + j];
    memset(BP, 0, sizeof BP);
    int idx = 0, grp = 0;
    for (int a = 0; a < 10; a++)
        for (int b = a; b < 10; b++)
            for (int c = b; c < 10; c++)
                for (int d = c; d < 10; d++)
                    for (int v = d; v < 10; v++, grp++)
                        for (int f = v; f < 10; f++, idx++)
                            for (int r = 0; r < R; r++) BP[(grp * R + r) * 10 + f] = B[r][idx];
    return 0;
}

static int64_t six_total(int64_t n) {
    return n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5);
}

/* acc[r] = sum_m B[r][m] f_m for one shoe; g[v][k] = max(c_v - k, 0). Inlined per row count
   (walk1 below), so that R is a constant and the row loops unroll. The last value has a fixed
   stride of 10 (no branch): the features of a group's multisets are p * h[f], p the five cards'
   product and h[f] the last card's factor (copies re + 1 of f = e, the first copy of f > e; BP is 0
   for f < e), and each f keeps its own sums A[r][f] += BP * (p * h[f]) (ten independent chains, in
   SIMD lanes). Every term is a count part B[m] * f_m <= total and every A a partial sum of a row
   count: exact under the same bound. */
static inline __attribute__((always_inline)) void walk1_rows(const double g[10][6], double *acc, const int rows) {
    double A[MAX_ROWS][10] = {{0}};
    double h[10][5][10];  /* h[e][k]: the last card's factors after a fifth card e of k + 1 copies */
    for (int e = 0; e < 10; e++)
        for (int k = 0; k < 5; k++)
            for (int f = 0; f < 10; f++) h[e][k][f] = f == e ? g[e][k + 1] : g[f][0];
    int grp = 0;
    for (int a = 0; a < 10; a++) {
        double pa = g[a][0];
        for (int b = a; b < 10; b++) {
            int rb = b == a ? 1 : 0;
            double pb = pa * g[b][rb];
            for (int c = b; c < 10; c++) {
                int rc = c == b ? rb + 1 : 0;
                double pc = pb * g[c][rc];
                for (int d = c; d < 10; d++) {
                    int rd = d == c ? rc + 1 : 0;
                    double pd = pc * g[d][rd];
                    for (int e = d; e < 10; e++, grp++) {
                        int re = e == d ? rd + 1 : 0;
                        double pe = pd * g[e][re], f6[10];
                        for (int f = 0; f < 10; f++) f6[f] = pe * h[e][re][f];
                        for (int r = 0; r < rows; r++) {
                            const double *w = BP + (grp * rows + r) * 10;
                            for (int f = 0; f < 10; f++) A[r][f] += w[f] * f6[f];
                        }
                    }
                }
            }
        }
    }
    for (int r = 0; r < rows; r++) {
        double t = 0;
        for (int f = 0; f < 10; f++) t += A[r][f];
        acc[r] = t;
    }
}

static void walk1(const double g[10][6], double *acc) {
    switch (R) {
    case 1: walk1_rows(g, acc, 1); break;
    case 2: walk1_rows(g, acc, 2); break;
    case 3: walk1_rows(g, acc, 3); break;
    case 4: walk1_rows(g, acc, 4); break;
    default: walk1_rows(g, acc, R);
    }
}

/* One shoe, blocked (the layout of exact_odds/punto_banco/bilinear.py): a six-value multiset is a
   prefix (its first three values, 220 of them) and a suffix (its last three, a plain triple or one
   offset by the copies of the prefix's largest value: 770 triples in all), f_m = T[prefix] * T[suffix]
   with T the 770 triple products, and count_r = sum_p T[p] * u_r[p], u_r[p] = sum over p's suffixes
   of B_r * T[suffix]: per prefix, two contiguous dot products (its plain suffixes are T[0:n], its
   offset ones T[start:stop]). Exact under the same bound: T <= N**3; u_r[p] <= 720 * sum T <=
   720 * N(N-1)(N-2) < 2**53 (the suffixes of one prefix are distinct multisets); T[p] * u_r[p] and
   every partial sum are sums of count parts, at most total. ek_init_blocked gives the layout. */
#define PREFIXES 220
#define TRIPLES 770
static int PT[PREFIXES], PN[PREFIXES], PS[PREFIXES], PE[PREFIXES], POFF[PREFIXES];
static int TS[TRIPLES][3];
static double W[MULTISETS * MAX_ROWS];  /* per prefix, per row, its plain then offset suffixes' entries */
static int blocked;

int ek_init_blocked(const int32_t *cell, const int32_t *prefix, const int32_t *slots) {
    int off = 0;
    for (int p = 0; p < PREFIXES; p++) {
        PT[p] = prefix[4 * p]; PN[p] = prefix[4 * p + 1]; PS[p] = prefix[4 * p + 2]; PE[p] = prefix[4 * p + 3];
        POFF[p] = off;
        off += R * (PN[p] + PE[p] - PS[p]);
    }
    if (off != R * MULTISETS) return -1;
    for (int t = 0; t < TRIPLES; t++)
        for (int i = 0; i < 3; i++) TS[t][i] = slots[3 * t + i];
    for (int m = 0; m < MULTISETS; m++) {
        int p = cell[2 * m], col = cell[2 * m + 1], width = PN[p] + PE[p] - PS[p];
        if (p < 0 || p >= PREFIXES || col < 0 || col >= width) return -1;
        for (int r = 0; r < R; r++) W[POFF[p] + r * width + col] = B[r][m];
    }
    blocked = 1;
    return 0;
}

static double dot(const double *a, const double *b, int n) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;  /* four chains (exact: integers, any order) */
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += a[i] * b[i]; s1 += a[i + 1] * b[i + 1]; s2 += a[i + 2] * b[i + 2]; s3 += a[i + 3] * b[i + 3];
    }
    for (; i < n; i++) s0 += a[i] * b[i];
    return (s0 + s1) + (s2 + s3);
}

static inline __attribute__((always_inline)) void blocked1_rows(const double *g, double *acc, const int rows) {
    double T[TRIPLES], s[MAX_ROWS] = {0};
    for (int t = 0; t < TRIPLES; t++) T[t] = g[TS[t][0]] * g[TS[t][1]] * g[TS[t][2]];
    for (int p = 0; p < PREFIXES; p++) {
        double tp = T[PT[p]];
        if (tp == 0) continue;
        int n = PN[p], k = PE[p] - PS[p], width = n + k;
        const double *w = W + POFF[p];
        for (int r = 0; r < rows; r++, w += width) s[r] += tp * (dot(w, T, n) + dot(w + n, T + PS[p], k));
    }
    for (int r = 0; r < rows; r++) acc[r] = s[r];
}

static void blocked1(const double g[10][6], double *acc) {
    switch (R) {
    case 1: blocked1_rows(&g[0][0], acc, 1); break;
    case 2: blocked1_rows(&g[0][0], acc, 2); break;
    case 3: blocked1_rows(&g[0][0], acc, 3); break;
    default: blocked1_rows(&g[0][0], acc, R);
    }
}

/* The same for LANES shoes at once, lane-innermost (the compiler's SIMD lanes). */
static inline __attribute__((always_inline)) void walk8_rows(const double g[10][6][LANES],
                                                             double acc[MAX_ROWS][LANES], const int rows) {
    double s[MAX_ROWS][LANES];
    memset(s, 0, sizeof s);
    int idx = 0;
    for (int a = 0; a < 10; a++) {
        double pa[LANES];
        for (int l = 0; l < LANES; l++) pa[l] = g[a][0][l];
        for (int b = a; b < 10; b++) {
            int rb = b == a ? 1 : 0;
            double pb[LANES];
            for (int l = 0; l < LANES; l++) pb[l] = pa[l] * g[b][rb][l];
            for (int c = b; c < 10; c++) {
                int rc = c == b ? rb + 1 : 0;
                double pc[LANES];
                for (int l = 0; l < LANES; l++) pc[l] = pb[l] * g[c][rc][l];
                for (int d = c; d < 10; d++) {
                    int rd = d == c ? rc + 1 : 0;
                    double pd[LANES];
                    for (int l = 0; l < LANES; l++) pd[l] = pc[l] * g[d][rd][l];
                    for (int e = d; e < 10; e++) {
                        int re = e == d ? rd + 1 : 0;
                        double pe[LANES];
                        for (int l = 0; l < LANES; l++) pe[l] = pd[l] * g[e][re][l];
                        /* per lane, t_r = sum_f B * (the last card's factor) <= 720 * N, and
                           pe * t_r a sum of count parts B * f_m: at most total */
                        for (int r = 0; r < rows; r++) {
                            const double *w = B[r] + idx;
                            double t[LANES];
                            for (int l = 0; l < LANES; l++) t[l] = w[0] * g[e][re + 1][l];
                            for (int f = e + 1; f < 10; f++)
                                for (int l = 0; l < LANES; l++) t[l] += w[f - e] * g[f][0][l];
                            for (int l = 0; l < LANES; l++) s[r][l] += pe[l] * t[l];
                        }
                        idx += 10 - e;
                    }
                }
            }
        }
    }
    memcpy(acc, s, sizeof s);
}

static void walk8(const double g[10][6][LANES], double acc[MAX_ROWS][LANES]) {
    switch (R) {
    case 1: walk8_rows(g, acc, 1); break;
    case 2: walk8_rows(g, acc, 2); break;
    case 3: walk8_rows(g, acc, 3); break;
    case 4: walk8_rows(g, acc, 4); break;
    default: walk8_rows(g, acc, R);
    }
}

static void factors(const int64_t *c, double g[10][6]) {
    for (int v = 0; v < 10; v++)
        for (int k = 0; k < 6; k++) g[v][k] = c[v] > k ? (double)(c[v] - k) : 0.0;
}

static int64_t cards(const int64_t *c) {
    int64_t n = 0;
    for (int v = 0; v < 10; v++) n += c[v];
    return n;
}

/* Row counts (e @ [B f; total]) of one shoe of value counts c[10]; -1 past MAX_CARDS. */
int ek_counts1(const int64_t *c, int64_t *out) {
    int64_t n = cards(c);
    if (n > MAX_CARDS || n < 6) return -1;
    double g[10][6], acc[MAX_ROWS];
    factors(c, g);
    if (blocked) blocked1(g, acc);
    else walk1(g, acc);
    int64_t basis[MAX_ROWS + 1];
    for (int r = 0; r < R; r++) basis[r] = (int64_t)acc[r];
    basis[R] = six_total(n);
    for (int i = 0; i < E; i++) {
        int64_t x = 0;
        for (int j = 0; j <= R; j++) x += EM[i][j] * basis[j];
        out[i] = x;
    }
    return 0;
}

/* Row counts of LANES shoes c[LANES][10] into out[LANES][E]. */
int ek_counts8(const int64_t *c, int64_t *out) {
    double g[10][6][LANES], acc[MAX_ROWS][LANES];
    int64_t n[LANES];
    for (int l = 0; l < LANES; l++) {
        n[l] = cards(c + 10 * l);
        if (n[l] > MAX_CARDS || n[l] < 6) return -1;
        for (int v = 0; v < 10; v++)
            for (int k = 0; k < 6; k++) g[v][k][l] = c[10 * l + v] > k ? (double)(c[10 * l + v] - k) : 0.0;
    }
    walk8(g, acc);
    for (int l = 0; l < LANES; l++) {
        int64_t basis[MAX_ROWS + 1];
        for (int r = 0; r < R; r++) basis[r] = (int64_t)acc[r][l];
        basis[R] = six_total(n[l]);
        for (int i = 0; i < E; i++) {
            int64_t x = 0;
            for (int j = 0; j <= R; j++) x += EM[i][j] * basis[j];
            out[l * E + i] = x;
        }
    }
    return 0;
}

/* CPU time of the process (the in-process rows of bench_floor.py are timed the same way). */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Seconds to price n shoes (c[n][10]) one call per shoe, or LANES per call (n a multiple of LANES). */
double ek_time(const int64_t *c, int n, int lanes, int64_t *out) {
    double t = now();
    if (lanes == LANES) {
        for (int i = 0; i + LANES <= n; i += LANES) ek_counts8(c + 10 * i, out + E * i);
    } else {
        for (int i = 0; i < n; i++) ek_counts1(c + 10 * i, out + E * i);
    }
    return now() - t;
}

#ifdef REF_SWEEP_MAIN
/* The sweep floor: read lines of 13 rank counts A..K, price LANES shoes per call, write the rows
   `exact-odds sweep` writes (line, banker, player, tie, total, then per bet its house edge in lowest
   terms and in percent to 10 decimals, half away from zero). Usage:
   ref_sweep TABLES IN OUT, TABLES holding R, B (R x 5005 f64), E = 3 + bets, e rows (outcomes then
   the bets' EV numerators, each R + 1 int64), and the bets' payout scales (int64). */
static int64_t gcd64(int64_t a, int64_t b) {
    while (b) { int64_t t = a % b; a = b; b = t; }
    return a;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: ref_sweep TABLES IN OUT\n"); return 2; }
    FILE *t = fopen(argv[1], "rb");
    if (!t) { perror(argv[1]); return 2; }
    int32_t head[2];
    if (fread(head, 4, 2, t) != 2) return 2;
    int rows = head[0], outs = head[1], bets = outs - 3;
    double *b = malloc(sizeof(double) * rows * MULTISETS);
    int64_t *e = malloc(sizeof(int64_t) * outs * (rows + 1));
    int64_t scales[MAX_OUT];
    if (fread(b, sizeof(double), rows * MULTISETS, t) != (size_t)rows * MULTISETS) return 2;
    if (fread(e, sizeof(int64_t), outs * (rows + 1), t) != (size_t)outs * (rows + 1)) return 2;
    if (fread(scales, sizeof(int64_t), bets, t) != (size_t)bets) return 2;
    fclose(t);
    if (ek_init(rows, b, outs, e)) { fprintf(stderr, "bad tables\n"); return 2; }
    FILE *in = fopen(argv[2], "r"), *out = fopen(argv[3], "w");
    if (!in || !out) { perror("open"); return 2; }
    static char buf[1 << 20];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    fputs("line,banker,player,tie,total", out);
    /* the header's bet names are written by the caller's check, not here: the rows are the floor */
    fputc('\n', out);
    char line[256];
    int64_t c[LANES][10], res[LANES * MAX_OUT], number[LANES];
    int k = 0, lineno = 0, done = 0;
    while (!done) {
        if (fgets(line, sizeof line, in)) {
            lineno++;
            int64_t r[13];
            char *p = line;
            for (int i = 0; i < 13; i++) { r[i] = strtoll(p, &p, 10); if (*p == ',') p++; }
            c[k][0] = r[9] + r[10] + r[11] + r[12];
            for (int v = 1; v < 10; v++) c[k][v] = r[v - 1];
            number[k++] = lineno;
        } else {
            done = 1;
            for (int i = k; i < LANES && k; i++) memcpy(c[i], c[0], sizeof c[0]); /* pad the last call */
        }
        if (k == LANES || (done && k)) {
            ek_counts8(&c[0][0], res);
            int used = done ? k : LANES;
            for (int l = 0; l < used; l++) {
                int64_t n = cards(c[l]), total = six_total(n);
                fprintf(out, "%lld,%lld,%lld,%lld,%lld", (long long)number[l], (long long)res[l * outs],
                        (long long)res[l * outs + 1], (long long)res[l * outs + 2], (long long)total);
                for (int j = 0; j < bets; j++) {
                    int64_t num = res[l * outs + 3 + j], den = scales[j] * total;
                    int64_t size = num < 0 ? -num : num, g = gcd64(size, den);
                    /* house edge = -num / den; percent to 10 decimals: size * 10**12 / den, half up on size */
                    __int128 q = ((__int128)size * 1000000000000LL * 2 + den) / (2 * (__int128)den);
                    int64_t whole = (int64_t)(q / 10000000000LL), frac = (int64_t)(q % 10000000000LL);
                    const char *neg = num > 0 ? "-" : "", *minus = num > 0 && q ? "-" : "";
                    fprintf(out, ",%s%lld/%lld,%s%lld.%010lld", neg, (long long)(size / g), (long long)(den / g),
                            minus, (long long)whole, (long long)frac);
                }
                fputc('\n', out);
            }
            k = 0;
        }
    }
    fclose(out);
    return 0;
}
#endif
