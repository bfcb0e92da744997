/* exact_odds_native: the compiled kernel of a pricer (issue 27), and two primitives of a sweep's rows
   (edge_parts: the integers of its text in 128-bit arithmetic; text: the rows written from those
   integers, laid out as exact_odds/report/in_play.py says).

   An optional C extension (setup.py builds it with optional=True: without a compiler the package
   installs without it, and exact_odds/punto_banco/native.py then reports it missing, so every caller
   takes the numpy or pure-Python path). It computes what Pricer.counts and Pricer.value_batch compute
   on the numpy path, for finite shoes of 6 to 458 cards, and declines every other shoe (returns None
   for it) so that the exact paths price it. Only the CPython C API and the buffer protocol: no numpy
   headers.

   What it computes
   ----------------
   A pricer's basis rows B (R rows over the 5,005 multisets of six card values in lexicographic order,
   each entry a whole number 0..720: exact_odds/punto_banco/pricer.py, "The six-card form") times a
   shoe's six-card features f_m = prod_v falling(c_v, m_v), then the integer rows M @ [B f; total]
   (M the basis's e or pe, or the outcome-and-EV rows of value_batch). The 5,005 multisets are walked
   as six nested loops over non-decreasing values: each level multiplies its parent's partial product
   by one card factor max(c_v - r, 0), r the copies of v already taken. Sixteen shoes go together, one
   in each lane of a vector (walk_lanes; the last few of a call fill lanes with copies of one of them);
   the last one or two of a call one at a time (blocked1, the blocked layout of
   exact_odds/punto_banco/bilinear.py: two contiguous dot products per prefix).

   Exactness: float64 (the bound of exact_odds/punto_banco/features.py, proven here again)
   ---------------------------------------------------------------------------------------
   Every card factor is an integer 0..N (N the shoe's cards). A partial product of k <= 6 factors is
   0 or the falling product of a k-value multiset, at most N(N-1)...(N-k+1) <= total = N(N-1)...(N-5).
   Every B entry is a whole number 0..720 (prepare refuses anything else), and B[m] * f_m counts the
   ordered six-card sequences of multiset m that land in the row, so it, every sum of such terms over
   a subset of the multisets (every partial sum below, in whatever order the compiler adds them), and
   the row count are non-negative integers at most total (the row is a set of coups, the total all of
   them). walk_lanes's other terms are of that kind too: a last-card sum t = sum_f B[m] * (the last card's
   factor) is at most 720 * 10 * N, and pe * t is a sum of count parts; blocked1's are bounded in its
   own comment. So every value formed is an integer of at most total; float64 holds every integer up
   to 2**53 exactly, so while total <= 2**53 no product or sum (fused or not) rounds. total <= 2**53 holds
   for N <= 458: 458*457*456*455*454*453 = 8,931,244,367,878,560 < 2**53 = 9,007,199,254,740,992,
   and 459 cards give 9,049,538,995,267,680 > 2**53. So a shoe of more than MAX_CARDS = 458 cards is
   declined (and so is one of fewer than 6 cards: no coup). tests/punto_banco/test_native.py prices
   458 and 459 cards.

   Exactness: int64 (the combination M @ [B f; total])
   ---------------------------------------------------
   Every entry of [B f; total] is an integer in 0..total (above), so every partial sum of a row of
   M @ [B f; total] is at most norm * total in absolute value, norm the largest row sum of |M| (the
   caller passes it: Basis.e_norm, pe_norm, below 2**63). The kernel declines a shoe where
   norm > (2**63 - 1) // total, that is where norm * total >= 2**63 (no product formed that could
   overflow), so int64 never overflows. The row count B f goes from float64 to int64 exactly (an
   integer of at most 2**53).
*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define VALUES 10
#define MULTISETS 5005
#define LANES 16   /* shoes a walk prices at once: the loop's bookkeeping and B's loads shared by 16 (8 was 2.2 us a
                      shoe, 16 1.1 us, 32 1.7 us on a 2-core AMD EPYC: past 16 the lanes' sums no longer fit in registers) */
#define PAD_FROM 3 /* the last shoes of a call, if at least this many, go through one walk with lanes to spare
                      (a walk costs about as much as two or three shoes by blocked1) */
#define MAX_ROWS 256     /* basis rows the kernel takes (the walks keep R and R * 8 sums on the stack) */
#define MAX_CARDS 458    /* the largest N with N(N-1)...(N-5) <= 2**53 (above) */
#define MIN_CARDS 6

#define PREFIXES 220     /* three-value multisets: the first three values of a six-value one */
#define TRIPLES 770      /* the 220 plain triples and the 550 offset ones (bilinear.py) */
/* The walks in two builds where gcc or clang can choose at load time (x86-64 Linux): AVX2 (four
   float64 lanes) where the processor has it, else the baseline (two). The same arithmetic either way. */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef CLONES
#define CLONES
#endif

#define SLOTS 60         /* card factor slots: 6 * v + r is max(c_v - r, 0) */

/* The blocked layout (exact_odds/punto_banco/bilinear.py's Layout): per triple its three card factor
   slots; per prefix its triple, its plain suffixes (the first n triples), its offset suffixes' first
   and end triple, and where its cells start (the sum of the widths of the prefixes before it). */
typedef struct {
    int32_t slot[TRIPLES][3];
    int32_t prefix[PREFIXES][4];
    int32_t offset[PREFIXES];
} Layout;

/* The tables of prepare(), in one bytes object: the layout, then B (R x 5,005, lexicographic), then
   W (B's entries by prefix, row, suffix column: each prefix's R rows of n + k cells). */
typedef struct {
    int rows;
    const Layout *lay;
    const double *b;
    const double *w;
} Tables;

/* ------------------------------------------------------------------ the walks */

/* One shoe, blocked (the layout of exact_odds/punto_banco/bilinear.py, handed over by prepare): a
   six-value multiset is a prefix (its first three values, 220 of them) and a suffix (its last three, a
   plain triple or one with the copies of the prefix's largest value offset: 770 triples in all),
   f_m = T[prefix] * T[suffix] with T the 770 triple products, and count_r = sum_p T[p] * u_r[p],
   u_r[p] = sum over p's suffixes of B_r * T[suffix]: per prefix and row, two contiguous dot products
   (its plain suffixes are T[0:n], its offset ones T[start:stop]). Bounds (bilinear.py's proof): a
   triple product is 0 or a falling product of three values, at most N**3; u_r[p] and its partial sums
   are at most 720 * N(N-1)(N-2) < 2**53 (the suffixes of one prefix are distinct multisets, whose
   falling products add up to at most the ordered draws of three cards); T[p] * u_r[p] and every
   partial sum over prefixes are sums of count parts, at most total. */
static inline __attribute__((always_inline)) double dot(const double *a, const double *b, int n) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0; /* four chains: whole numbers, exact in any order */
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += a[i] * b[i];
        s1 += a[i + 1] * b[i + 1];
        s2 += a[i + 2] * b[i + 2];
        s3 += a[i + 3] * b[i + 3];
    }
    for (; i < n; i++) s0 += a[i] * b[i];
    return (s0 + s1) + (s2 + s3);
}

static inline __attribute__((always_inline)) void blocked1_rows(const Tables *t, const double *g, double *acc,
                                                                const int rows) {
    double tr[TRIPLES], s[MAX_ROWS];
    for (int r = 0; r < rows; r++) s[r] = 0;
    for (int i = 0; i < TRIPLES; i++) tr[i] = g[t->lay->slot[i][0]] * g[t->lay->slot[i][1]] * g[t->lay->slot[i][2]];
    for (int p = 0; p < PREFIXES; p++) {
        double tp = tr[t->lay->prefix[p][0]];
        if (tp == 0) continue;
        int n = t->lay->prefix[p][1], start = t->lay->prefix[p][2], k = t->lay->prefix[p][3] - start, width = n + k;
        const double *w = t->w + (size_t)rows * t->lay->offset[p];
        for (int r = 0; r < rows; r++, w += width) s[r] += tp * (dot(w, tr, n) + dot(w + n, tr + start, k));
    }
    for (int r = 0; r < rows; r++) acc[r] = s[r];
}

CLONES static void blocked1(const Tables *t, const double *g, double *acc) {
    switch (t->rows) {
    case 1: blocked1_rows(t, g, acc, 1); break;
    case 2: blocked1_rows(t, g, acc, 2); break;
    case 3: blocked1_rows(t, g, acc, 3); break;
    default: blocked1_rows(t, g, acc, t->rows);
    }
}

/* The same for LANES shoes at once, lane innermost (the compiler's vector lanes): acc[r][l]. */
static inline __attribute__((always_inline)) void lanes_rows(const Tables *t, const double g[VALUES][7][LANES],
                                                             double acc[][LANES], const int rows) {
    for (int r = 0; r < rows; r++)
        for (int l = 0; l < LANES; l++) acc[r][l] = 0;
    int idx = 0;
    for (int a = 0; a < VALUES; a++) {
        double pa[LANES];
        for (int l = 0; l < LANES; l++) pa[l] = g[a][0][l];
        for (int b = a; b < VALUES; b++) {
            int rb = b == a ? 1 : 0;
            double pb[LANES];
            for (int l = 0; l < LANES; l++) pb[l] = pa[l] * g[b][rb][l];
            for (int c = b; c < VALUES; c++) {
                int rc = c == b ? rb + 1 : 0;
                double pc[LANES];
                for (int l = 0; l < LANES; l++) pc[l] = pb[l] * g[c][rc][l];
                for (int d = c; d < VALUES; d++) {
                    int rd = d == c ? rc + 1 : 0;
                    double pd[LANES];
                    for (int l = 0; l < LANES; l++) pd[l] = pc[l] * g[d][rd][l];
                    for (int e = d; e < VALUES; e++) {
                        int re = e == d ? rd + 1 : 0;
                        double pe[LANES];
                        for (int l = 0; l < LANES; l++) pe[l] = pd[l] * g[e][re][l];
                        /* per lane, t_r = sum_f B * (the last card's factor) <= 720 * 10 * N, and
                           pe * t_r a sum of count parts B[m] * f_m: at most total */
                        for (int r = 0; r < rows; r++) {
                            const double *w = t->b + (size_t)r * MULTISETS + idx;
                            double s[LANES];
                            for (int l = 0; l < LANES; l++) s[l] = w[0] * g[e][re + 1][l];
                            for (int f = e + 1; f < VALUES; f++)
                                for (int l = 0; l < LANES; l++) s[l] += w[f - e] * g[f][0][l];
                            for (int l = 0; l < LANES; l++) acc[r][l] += pe[l] * s[l];
                        }
                        idx += VALUES - e;
                    }
                }
            }
        }
    }
}

CLONES static void walk_lanes(const Tables *t, const double g[VALUES][7][LANES], double acc[][LANES]) {
    switch (t->rows) {
    case 1: lanes_rows(t, g, acc, 1); break;
    case 2: lanes_rows(t, g, acc, 2); break;
    case 3: lanes_rows(t, g, acc, 3); break;
    case 4: lanes_rows(t, g, acc, 4); break;
    default: lanes_rows(t, g, acc, t->rows);
    }
}

/* The lanes from ``filled`` on, copies of lane 0 (a walk of fewer shoes than lanes; their sums unread). */
static void pad_lanes(double g[VALUES][7][LANES], int filled) {
    for (int v = 0; v < VALUES; v++)
        for (int k = 0; k < 7; k++)
            for (int l = filled; l < LANES; l++) g[v][k][l] = g[v][k][0];
}

/* ------------------------------------------------------------------ prepare */

/* A C-contiguous buffer of ``count`` items of ``format`` and ``itemsize`` (count < 0: any multiple
   of -count, in rows of -count if it has rows), or -1 with ValueError naming ``what``. */
static int take_buffer(PyObject *obj, Py_buffer *view, const char *formats, Py_ssize_t itemsize, Py_ssize_t count,
                       const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    const char *f = view->format ? view->format : "B";
    if (f[0] == '=' || f[0] == '<' || f[0] == '@') f++;
    Py_ssize_t items = view->len / itemsize;
    if (view->itemsize != itemsize || !strchr(formats, f[0]) || f[1] || view->len % itemsize
        || (count >= 0 ? items != count : items % -count)
        || (count < 0 && view->ndim > 1 && view->shape[view->ndim - 1] != -count)) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s", what);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(prepare_doc,
"prepare(rows, cell, prefix, slots) -> bytes or None\n\n"
"The kernel's tables for basis rows: ``rows`` a C-contiguous float64 buffer of R x 5,005 whole\n"
"numbers 0..720 (Basis.rows); the blocked layout of exact_odds/punto_banco/bilinear.py as int32\n"
"buffers: ``cell`` (5,005 x 2: prefix, suffix column per multiset), ``prefix`` (220 x 4: its triple,\n"
"plain suffixes, first and end offset triple), ``slots`` (770 x 3 card factor slots). None if R is\n"
"over 256 (the numpy path then prices). ValueError for anything out of range.");

static PyObject *prepare(PyObject *self, PyObject *args) {
    PyObject *rows_obj, *cell_obj, *prefix_obj, *slots_obj;
    if (!PyArg_ParseTuple(args, "OOOO:prepare", &rows_obj, &cell_obj, &prefix_obj, &slots_obj)) return NULL;
    Py_buffer rv, cv, pv, sv;
    if (take_buffer(rows_obj, &rv, "d", 8, -MULTISETS, "rows must be float64, 5,005 to a row") < 0) return NULL;
    PyObject *result = NULL;
    int got = 0;
    if (take_buffer(cell_obj, &cv, "il", 4, 2 * MULTISETS, "cell must be 5,005 x 2 int32") < 0) goto done;
    got = 1;
    if (take_buffer(prefix_obj, &pv, "il", 4, 4 * PREFIXES, "prefix must be 220 x 4 int32") < 0) goto done;
    got = 2;
    if (take_buffer(slots_obj, &sv, "il", 4, 3 * TRIPLES, "slots must be 770 x 3 int32") < 0) goto done;
    got = 3;
    Py_ssize_t rows = rv.len / (8 * MULTISETS);
    if (rows < 1 || rows > MAX_ROWS) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    const double *b = rv.buf;
    for (Py_ssize_t i = 0; i < rows * MULTISETS; i++) {
        double x = b[i];
        if (!(x >= 0 && x <= 720 && x == (double)(int)x)) {
            PyErr_SetString(PyExc_ValueError, "rows must hold whole numbers 0..720");
            goto done;
        }
    }
    Layout lay;
    const int32_t *slots = sv.buf, *prefix = pv.buf, *cell = cv.buf;
    for (int i = 0; i < TRIPLES; i++)
        for (int j = 0; j < 3; j++) {
            if (slots[3 * i + j] < 0 || slots[3 * i + j] >= SLOTS) goto bad;
            lay.slot[i][j] = slots[3 * i + j];
        }
    int32_t cells = 0;
    for (int p = 0; p < PREFIXES; p++) {
        const int32_t *q = prefix + 4 * p;
        if (q[0] < 0 || q[0] >= TRIPLES || q[1] < 0 || q[1] > TRIPLES || q[2] < 0 || q[2] > q[3] || q[3] > TRIPLES)
            goto bad;
        for (int j = 0; j < 4; j++) lay.prefix[p][j] = q[j];
        lay.offset[p] = cells;
        cells += q[1] + q[3] - q[2];
        if (cells > MULTISETS) goto bad;
    }
    if (cells != MULTISETS) goto bad;
    char seen[MULTISETS] = {0};
    for (int m = 0; m < MULTISETS; m++) {
        int p = cell[2 * m], col = cell[2 * m + 1];
        if (p < 0 || p >= PREFIXES || col < 0 || col >= lay.prefix[p][1] + lay.prefix[p][3] - lay.prefix[p][2]
            || seen[lay.offset[p] + col]++)
            goto bad;
    }
    size_t n_b = (size_t)rows * MULTISETS;
    result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sizeof lay + 2 * sizeof(double) * n_b));
    if (!result) goto done;
    char *out = PyBytes_AS_STRING(result);
    memcpy(out, &lay, sizeof lay);
    double *ob = (double *)(out + sizeof lay), *ow = ob + n_b;
    memcpy(ob, b, sizeof(double) * n_b);
    for (int m = 0; m < MULTISETS; m++) {
        int p = cell[2 * m], col = cell[2 * m + 1], width = lay.prefix[p][1] + lay.prefix[p][3] - lay.prefix[p][2];
        for (Py_ssize_t r = 0; r < rows; r++)
            ow[(size_t)rows * lay.offset[p] + (size_t)r * width + col] = b[(size_t)r * MULTISETS + m];
    }
    goto done;
bad:
    PyErr_SetString(PyExc_ValueError, "the layout is not bilinear.py's (an index out of range, or a cell twice)");
done:
    if (got >= 3) PyBuffer_Release(&sv);
    if (got >= 2) PyBuffer_Release(&pv);
    if (got >= 1) PyBuffer_Release(&cv);
    PyBuffer_Release(&rv);
    return result;
}

/* ------------------------------------------------------------------ counts */

/* One shoe's value counts, read from an exact tuple or list of 10 exact ints (anything else: 0,
   the shoe declined; the caller's checks then name what is wrong). 1 if read, -1 on a Python error. */
static int read_shoe(PyObject *item, int64_t c[VALUES]) {
    PyObject **cells;
    if (PyTuple_CheckExact(item)) {
        if (PyTuple_GET_SIZE(item) != VALUES) return 0;
        cells = &PyTuple_GET_ITEM(item, 0);
    } else if (PyList_CheckExact(item)) {
        if (PyList_GET_SIZE(item) != VALUES) return 0;
        cells = &PyList_GET_ITEM(item, 0);
    } else {
        return 0;
    }
    for (int v = 0; v < VALUES; v++) {
        if (!PyLong_CheckExact(cells[v])) return 0;
        int overflow;
        long long x = PyLong_AsLongLongAndOverflow(cells[v], &overflow);
        if (overflow || x < 0 || x > MAX_CARDS) return 0;
        if (x == -1 && PyErr_Occurred()) return -1;
        c[v] = x;
    }
    return 1;
}

/* Lane l of the walk's factors: c[v] - k for k = 0..6 (0 past the shoe's cards of value v). */
static inline void fill_lane(double gl[VALUES][7][LANES], const int64_t c[VALUES], int l) {
    for (int v = 0; v < VALUES; v++)
        for (int k = 0; k < 7; k++) gl[v][k][l] = c[v] > k ? (double)(c[v] - k) : 0.0;
}

/* Lane l's factors laid out for the one-shoe walk (blocked1): g1[6 v + k]. */
static inline void lane_of(double gl[VALUES][7][LANES], int l, double g1[SLOTS]) {
    for (int v = 0; v < VALUES; v++)
        for (int k = 0; k < 6; k++) g1[6 * v + k] = gl[v][k][l];
}

/* The shoe's cards if the kernel prices it exactly (6..458 cards and norm * total < 2**63), else 0. */
static int64_t priced_cards(const int64_t c[VALUES], int64_t norm, int64_t *total) {
    int64_t n = 0;
    for (int v = 0; v < VALUES; v++) {
        if (c[v] < 0 || c[v] > MAX_CARDS) return 0;
        n += c[v];
    }
    if (n < MIN_CARDS || n > MAX_CARDS) return 0;
    int64_t t = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5); /* <= 2**53 */
    if (norm > INT64_MAX / t) return 0; /* norm * t > INT64_MAX, that is >= 2**63 (t >= 720 > 0) */
    *total = t;
    return n;
}

/* out[i] = M[i] . [basis; total] in int64 (|partial sums| <= norm * total < 2**63, checked). */
static PyObject *combine(const int64_t *m, int outs, int rows, const double *basis, int stride, int64_t total) {
    PyObject *list = PyList_New(outs);
    if (!list) return NULL;
    for (int i = 0; i < outs; i++) {
        const int64_t *row = m + (size_t)i * (rows + 1);
        int64_t x = row[rows] * total;
        for (int r = 0; r < rows; r++) x += row[r] * (int64_t)basis[(size_t)r * stride];
        PyObject *n = PyLong_FromLongLong(x);
        if (!n) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, n);
    }
    return list;
}

/* The tables of prepare() (a bytes object: the layout, then B and W by rows) read into ``t``; ``norm``
 * checked. -1 with a ValueError set where either is not what prepare() and the caller give. */
static int read_tables(PyObject *tables_obj, long long norm_ll, Tables *t) {
    if (norm_ll < 0) {
        PyErr_SetString(PyExc_ValueError, "norm must be >= 0");
        return -1;
    }
    Py_ssize_t size = PyBytes_GET_SIZE(tables_obj) - (Py_ssize_t)sizeof(Layout);
    size_t per_row = 2 * sizeof(double) * MULTISETS;
    if (size <= 0 || size % per_row || size / per_row > MAX_ROWS) {
        PyErr_SetString(PyExc_ValueError, "tables must come from prepare()");
        return -1;
    }
    t->rows = (int)(size / per_row);
    t->lay = (const Layout *)PyBytes_AS_STRING(tables_obj);
    t->b = (const double *)(PyBytes_AS_STRING(tables_obj) + sizeof(Layout));
    t->w = t->b + (size_t)t->rows * MULTISETS;
    return 0;
}

PyDoc_STRVAR(counts_doc,
"counts(tables, shoes, matrix, norm) -> (rows, totals)\n\n"
"For every shoe, ``matrix @ [B f; total]`` as a list of Python ints and its six-card total: the\n"
"numpy path's integers. ``tables`` from prepare(); ``shoes`` a list of value counts (a tuple or list\n"
"of 10 ints per shoe: cards of value 0..9) or a C-contiguous int64 buffer of S x 10; ``matrix`` a\n"
"C-contiguous int64 buffer of E x (R + 1); ``norm`` its largest row sum of absolute values (below\n"
"2**63). A shoe the kernel declines (not 10 exact ints from 0, fewer than 6 or more than 458 cards,\n"
"norm * total >= 2**63) gets None in both lists.");

static PyObject *counts(PyObject *self, PyObject *args) {
    PyObject *tables_obj, *shoes_obj, *matrix_obj;
    long long norm_ll;
    if (!PyArg_ParseTuple(args, "O!OOL:counts", &PyBytes_Type, &tables_obj, &shoes_obj, &matrix_obj, &norm_ll))
        return NULL;
    Tables t;
    if (read_tables(tables_obj, norm_ll, &t) < 0)
        return NULL;

    Py_buffer mview;
    if (take_buffer(matrix_obj, &mview, "ql", 8, -(t.rows + 1), "matrix must be int64, R + 1 to a row") < 0)
        return NULL;
    PyObject *rows_out = NULL, *totals_out = NULL, *shoes_fast = NULL, *result = NULL;
    Py_buffer sview;
    int have_sview = 0;
    int outs = (int)(mview.len / (8 * (t.rows + 1)));
    const int64_t *m = mview.buf;
    int64_t norm = norm_ll;

    Py_ssize_t n_shoes;
    const int64_t *flat = NULL;
    if (PyObject_CheckBuffer(shoes_obj)) {
        if (take_buffer(shoes_obj, &sview, "ql", 8, -VALUES, "shoes must be int64, 10 to a shoe") < 0) goto done;
        have_sview = 1;
        flat = sview.buf;
        n_shoes = sview.len / (8 * VALUES);
    } else {
        shoes_fast = PySequence_Fast(shoes_obj, "shoes must be a sequence of value counts");
        if (!shoes_fast) goto done;
        n_shoes = PySequence_Fast_GET_SIZE(shoes_fast);
    }
    rows_out = PyList_New(n_shoes);
    totals_out = PyList_New(n_shoes);
    if (!rows_out || !totals_out) goto done;

    /* The shoes in lanes of LANES (the last few of a call in spare lanes, or one by one). */
    double gl[VALUES][7][LANES], accl[MAX_ROWS][LANES], g1[SLOTS], acc1[MAX_ROWS];
    Py_ssize_t index[LANES];
    int64_t total[LANES];
    int filled = 0;
    for (Py_ssize_t i = 0; i <= n_shoes; i++) {
        if (i < n_shoes) {
            int64_t c[VALUES], tot = 0;
            int ok;
            if (flat) {
                memcpy(c, flat + (size_t)i * VALUES, sizeof c);
                ok = 1;
            } else {
                ok = read_shoe(PySequence_Fast_ITEMS(shoes_fast)[i], c);
                if (ok < 0) goto done;
            }
            if (!ok || !priced_cards(c, norm, &tot)) {
                PyList_SET_ITEM(rows_out, i, Py_NewRef(Py_None));
                PyList_SET_ITEM(totals_out, i, Py_NewRef(Py_None));
                continue;
            }
            fill_lane(gl, c, filled);
            index[filled] = i;
            total[filled++] = tot;
            if (filled < LANES) continue;
        }
        if (filled >= PAD_FROM) {
            pad_lanes(gl, filled);
            walk_lanes(&t, gl, accl);
            for (int l = 0; l < filled; l++) {
                PyObject *row = combine(m, outs, t.rows, &accl[0][l], LANES, total[l]);
                if (!row) goto done;
                PyList_SET_ITEM(rows_out, index[l], row);
                PyObject *tot = PyLong_FromLongLong(total[l]);
                if (!tot) goto done;
                PyList_SET_ITEM(totals_out, index[l], tot);
            }
        } else {
            for (int l = 0; l < filled; l++) {
                lane_of(gl, l, g1);
                blocked1(&t, g1, acc1);
                PyObject *row = combine(m, outs, t.rows, acc1, 1, total[l]);
                if (!row) goto done;
                PyList_SET_ITEM(rows_out, index[l], row);
                PyObject *tot = PyLong_FromLongLong(total[l]);
                if (!tot) goto done;
                PyList_SET_ITEM(totals_out, index[l], tot);
            }
        }
        filled = 0;
    }
    result = PyTuple_Pack(2, rows_out, totals_out);
done:
    Py_XDECREF(rows_out);
    Py_XDECREF(totals_out);
    Py_XDECREF(shoes_fast);
    if (have_sview) PyBuffer_Release(&sview);
    PyBuffer_Release(&mview);
    return result;
}

/* out[i] = M[i] . [basis; total] in int64, into a buffer (the bound of combine). */
static void combine_into(const int64_t *m, int outs, int rows, const double *basis, int stride, int64_t total,
                         int64_t *out) {
    for (int i = 0; i < outs; i++) {
        const int64_t *row = m + (size_t)i * (rows + 1);
        int64_t x = row[rows] * total;
        for (int r = 0; r < rows; r++) x += row[r] * (int64_t)basis[(size_t)r * stride];
        out[i] = x;
    }
    out[outs] = total;
}

PyDoc_STRVAR(counts_into_doc,
"counts_into(tables, shoes, matrix, norm, out) -> int\n\n"
"counts() into an array: ``shoes`` a C-contiguous int64 buffer of S x 10 value counts, ``out`` a\n"
"writable C-contiguous int64 buffer of S x (E + 1); row i of ``out`` is ``matrix @ [B f; total]`` of\n"
"shoe i, then its six-card total. Returns how many shoes the kernel declined (counts() says which:\n"
"fewer than 6 or more than 458 cards, a count below 0, norm * total >= 2**63); their rows are 0,\n"
"total included.");

static PyObject *counts_into(PyObject *self, PyObject *args) {
    PyObject *tables_obj, *shoes_obj, *matrix_obj, *out_obj;
    long long norm_ll;
    if (!PyArg_ParseTuple(args, "O!OOLO:counts_into", &PyBytes_Type, &tables_obj, &shoes_obj, &matrix_obj, &norm_ll,
                          &out_obj))
        return NULL;
    Tables t;
    if (read_tables(tables_obj, norm_ll, &t) < 0)
        return NULL;

    Py_buffer mview, sview, oview;
    if (take_buffer(matrix_obj, &mview, "ql", 8, -(t.rows + 1), "matrix must be int64, R + 1 to a row") < 0)
        return NULL;
    int outs = (int)(mview.len / (8 * (t.rows + 1)));
    if (take_buffer(shoes_obj, &sview, "ql", 8, -VALUES, "shoes must be int64, 10 to a shoe") < 0) {
        PyBuffer_Release(&mview);
        return NULL;
    }
    Py_ssize_t n_shoes = sview.len / (8 * VALUES);
    if (PyObject_GetBuffer(out_obj, &oview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&sview);
        PyBuffer_Release(&mview);
        return NULL;
    }
    const char *f = oview.format ? oview.format : "B";
    if (f[0] == '=' || f[0] == '<' || f[0] == '@') f++;
    if (oview.itemsize != 8 || !strchr("ql", f[0]) || f[1] || oview.len != (Py_ssize_t)8 * n_shoes * (outs + 1)) {
        PyBuffer_Release(&oview);
        PyBuffer_Release(&sview);
        PyBuffer_Release(&mview);
        PyErr_SetString(PyExc_ValueError, "out must be int64, S x (E + 1)");
        return NULL;
    }
    const int64_t *m = mview.buf, *flat = sview.buf;
    int64_t *out = oview.buf, norm = norm_ll;
    Py_ssize_t declined = 0;
    double gl[VALUES][7][LANES], accl[MAX_ROWS][LANES], g1[SLOTS], acc1[MAX_ROWS];
    Py_ssize_t index[LANES];
    int64_t total[LANES];
    int filled = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i <= n_shoes; i++) {
        if (i < n_shoes) {
            int64_t c[VALUES], tot = 0;
            memcpy(c, flat + (size_t)i * VALUES, sizeof c);
            if (!priced_cards(c, norm, &tot)) {
                memset(out + (size_t)i * (outs + 1), 0, sizeof(int64_t) * (outs + 1));
                declined++;
                continue;
            }
            fill_lane(gl, c, filled);
            index[filled] = i;
            total[filled++] = tot;
            if (filled < LANES) continue;
        }
        if (filled >= PAD_FROM) {
            pad_lanes(gl, filled);
            walk_lanes(&t, gl, accl);
            for (int l = 0; l < filled; l++)
                combine_into(m, outs, t.rows, &accl[0][l], LANES, total[l], out + (size_t)index[l] * (outs + 1));
        } else {
            for (int l = 0; l < filled; l++) {
                lane_of(gl, l, g1);
                blocked1(&t, g1, acc1);
                combine_into(m, outs, t.rows, acc1, 1, total[l], out + (size_t)index[l] * (outs + 1));
            }
        }
        filled = 0;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&oview);
    PyBuffer_Release(&sview);
    PyBuffer_Release(&mview);
    return PyLong_FromSsize_t(declined);
}

/* ------------------------------------------------------------------ numbers for a sweep's text */

/* Writable (for ``out``) or read-only C-contiguous int64 buffer of exactly ``count`` items, else -1 with
   ValueError naming ``what``. */
static int int64_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t count, int writable, const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0)) < 0)
        return -1;
    const char *f = view->format ? view->format : "B";
    if (f[0] == '=' || f[0] == '<' || f[0] == '@') f++;
    if (view->itemsize != 8 || !strchr("ql", f[0]) || f[1] || view->len != 8 * count) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s", what);
        return -1;
    }
    return 0;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b) {
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

PyDoc_STRVAR(edge_parts_doc,
"edge_parts(nums, totals, scales, out) -> bool\n\n"
"The integers of every house edge -num / (scale * total), the texts of exact_odds/report/in_play.py's\n"
"edge_texts: ``nums`` an int64 buffer of S x B EV numerators, ``totals`` S six-card totals, ``scales``\n"
"B payout scales; ``out`` a writable int64 buffer of S x B x 6 gets, per edge, whether num > 0 (the\n"
"fraction's sign), |num| / g and den / g (g = gcd(|num|, den): lowest terms), whether the percent is\n"
"negative (num > 0 and it does not round to 0), and the percent rounded half away from zero to ten\n"
"decimals as its whole part and its ten decimals. Exact in 128-bit integers; False (out unfinished)\n"
"where an edge is out of their reach: a total or scale below 1, den >= 2**63, num = -2**63, or a whole\n"
"part of 2**63 or more.");

static PyObject *edge_parts(PyObject *self, PyObject *args) {
    PyObject *nums_obj, *totals_obj, *scales_obj, *out_obj;
    if (!PyArg_ParseTuple(args, "OOOO:edge_parts", &nums_obj, &totals_obj, &scales_obj, &out_obj)) return NULL;
    Py_buffer tv, sv, nv, ov;
    if (PyObject_GetBuffer(totals_obj, &tv, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    Py_ssize_t shoes = tv.len / 8;
    PyBuffer_Release(&tv);
    if (PyObject_GetBuffer(scales_obj, &sv, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    Py_ssize_t bets = sv.len / 8;
    PyBuffer_Release(&sv);
    if (int64_buffer(totals_obj, &tv, shoes, 0, "totals must be int64") < 0) return NULL;
    if (int64_buffer(scales_obj, &sv, bets, 0, "scales must be int64") < 0) {
        PyBuffer_Release(&tv);
        return NULL;
    }
    if (int64_buffer(nums_obj, &nv, shoes * bets, 0, "nums must be int64, S x B") < 0) {
        PyBuffer_Release(&sv);
        PyBuffer_Release(&tv);
        return NULL;
    }
    if (int64_buffer(out_obj, &ov, shoes * bets * 6, 1, "out must be int64, S x B x 6") < 0) {
        PyBuffer_Release(&nv);
        PyBuffer_Release(&sv);
        PyBuffer_Release(&tv);
        return NULL;
    }
    const int64_t *nums = nv.buf, *totals = tv.buf, *scales = sv.buf;
    int64_t *out = ov.buf;
    int ok = 1;
    const unsigned __int128 places = 1000000000000ULL, unit = 10000000000ULL; /* 10**12: percent and 10 decimals */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < shoes && ok; i++)
        for (Py_ssize_t j = 0; j < bets; j++) {
            int64_t num = nums[i * bets + j], den_s;
            if (totals[i] < 1 || scales[j] < 1 || num == INT64_MIN || __builtin_mul_overflow(totals[i], scales[j], &den_s)) {
                ok = 0;
                break;
            }
            uint64_t size = num < 0 ? (uint64_t)(-num) : (uint64_t)num, den = (uint64_t)den_s;
            uint64_t g = gcd_u64(size, den);
            unsigned __int128 x = (unsigned __int128)size * places, q = x / den, r = x - q * den;
            if (r + r >= den) q++; /* half away from zero, on the size */
            unsigned __int128 whole = q / unit;
            if (whole > (unsigned __int128)INT64_MAX) {
                ok = 0;
                break;
            }
            int64_t *o = out + 6 * (i * bets + j);
            o[0] = num > 0;
            o[1] = (int64_t)(size / g);
            o[2] = (int64_t)(den / g);
            o[3] = num > 0 && q != 0;
            o[4] = (int64_t)whole;
            o[5] = (int64_t)(q - whole * unit);
        }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ov);
    PyBuffer_Release(&nv);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&tv);
    return PyBool_FromLong(ok);
}

PyDoc_STRVAR(text_doc,
"text(cells, columns, ops, literals) -> bytes | None\n\n"
"Rows of text, one per shoe, laid out by ``ops`` from ``cells`` (a C-contiguous int64 buffer of\n"
"S x ``columns`` numbers, a shoe's cells together) and ``literals`` (bytes): ``ops`` is an int64 buffer\n"
"of K x 3 (kind, a, b), written in order for each shoe: kind 0 the bytes literals[a:a + b]; 1 column a\n"
"in decimal digits (no leading zeros; 0 is '0'); 2 column a in exactly b digits (1 to 18), leading\n"
"zeros written; 3 '-' if column a is not 0, else nothing. None (nothing written) if a number of kind\n"
"1 or 2 is below 0, or one of kind 2 has more than b digits. exact_odds/report/in_play.py lays a\n"
"sweep's row out so (its cells: edge_parts).");

/* x >= 0 in decimal digits from o, at least width of them (zeros before its first digit); returns how
   many were written. */
static int decimal(uint64_t x, unsigned char *o, int width) {
    unsigned char tmp[20];
    int k = 20;
    do { /* two digits at a time, both the number's own (the tens digit is not a leading zero) */
        if (x >= 10) {
            uint64_t two = x % 100;
            x /= 100;
            tmp[--k] = (unsigned char)('0' + two % 10);
            tmp[--k] = (unsigned char)('0' + two / 10);
        } else {
            tmp[--k] = (unsigned char)('0' + x);
            x = 0;
        }
    } while (x);
    int n = 20 - k;
    if (width > n) {
        memset(o, '0', (size_t)(width - n));
        o += width - n;
    }
    memcpy(o, tmp + k, (size_t)n);
    return width > n ? width : n;
}

static PyObject *text(PyObject *self, PyObject *args) {
    PyObject *cells_obj, *ops_obj;
    Py_ssize_t columns;
    Py_buffer lv;
    if (!PyArg_ParseTuple(args, "OnOy*:text", &cells_obj, &columns, &ops_obj, &lv)) return NULL;
    Py_buffer cv, ov;
    if (columns < 1 || PyObject_GetBuffer(cells_obj, &cv, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        if (columns < 1) PyErr_SetString(PyExc_ValueError, "columns must be at least 1");
        PyBuffer_Release(&lv);
        return NULL;
    }
    Py_ssize_t shoes = cv.len / 8 / columns;
    PyBuffer_Release(&cv);
    if (int64_buffer(cells_obj, &cv, shoes * columns, 0, "cells must be int64, S x columns") < 0) {
        PyBuffer_Release(&lv);
        return NULL;
    }
    if (PyObject_GetBuffer(ops_obj, &ov, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&cv);
        PyBuffer_Release(&lv);
        return NULL;
    }
    Py_ssize_t n_ops = ov.len / 24;
    PyBuffer_Release(&ov);
    if (int64_buffer(ops_obj, &ov, n_ops * 3, 0, "ops must be int64, K x 3") < 0) {
        PyBuffer_Release(&cv);
        PyBuffer_Release(&lv);
        return NULL;
    }
    const int64_t *cell = cv.buf, *op = ov.buf;
    const unsigned char *lit = lv.buf;
    Py_ssize_t most = 0; /* the longest row */
    const char *bad = NULL;
    for (Py_ssize_t k = 0; k < n_ops && !bad; k++) {
        int64_t kind = op[3 * k], a = op[3 * k + 1], b = op[3 * k + 2];
        if (kind == 0) {
            if (a < 0 || b < 0 || a + b > lv.len) bad = "a literal is not within literals";
            most += b;
        } else if (kind < 1 || kind > 3 || a < 0 || a >= columns) {
            bad = "an op's kind is not 0 to 3, or its column is not one of the cells'";
        } else if (kind == 2 && (b < 1 || b > 18)) {
            bad = "a fixed width must be 1 to 18";
        } else {
            most += kind == 1 ? 20 : kind == 2 ? b : 1;
        }
    }
    PyObject *out = NULL;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, bad);
    } else if (most > 0 && shoes > PY_SSIZE_T_MAX / most) {
        PyErr_NoMemory();
    } else if ((out = PyBytes_FromStringAndSize(NULL, shoes * most)) != NULL) {
        unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out), *start = o;
        int ok = 1;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < shoes && ok; i++) {
            const int64_t *c = cell + i * columns;
            for (Py_ssize_t k = 0; k < n_ops; k++) {
                int64_t kind = op[3 * k], a = op[3 * k + 1], b = op[3 * k + 2];
                if (kind == 0) {
                    memcpy(o, lit + a, (size_t)b);
                    o += b;
                } else if (kind == 3) {
                    if (c[a]) *o++ = '-';
                } else {
                    int64_t x = c[a];
                    uint64_t limit = 1;
                    if (kind == 2)
                        for (int64_t d = 0; d < b; d++) limit *= 10;
                    if (x < 0 || (kind == 2 && (uint64_t)x >= limit)) {
                        ok = 0;
                        break;
                    }
                    o += decimal((uint64_t)x, o, kind == 2 ? (int)b : 0);
                }
            }
        }
        Py_END_ALLOW_THREADS
        if (!ok) {
            Py_CLEAR(out);
            out = Py_NewRef(Py_None);
        } else if (_PyBytes_Resize(&out, o - start) < 0) {
            out = NULL;
        }
    }
    PyBuffer_Release(&ov);
    PyBuffer_Release(&cv);
    PyBuffer_Release(&lv);
    return out;
}

/* ------------------------------------------------------------------ the walk of a coup (issue 27) */

/* walk: exact_odds/punto_banco/walk.py's walk_python, the same loops in int64, for a cold
   'exact-odds edge' (the Python walk was 9 of its 78 ms). It returns what walk_python builds before
   wrapping it in a CoupDistribution: the deals, each a Deal (the class is passed in) mapped to its
   six-card count, in the same insertion order (first every state where Banker stood, in the order
   first reached, then every state where Banker drew, in the order first reached, each with its third
   cards 0..9), and the coups the deals end in (final totals and cards per hand) as (player, banker,
   player_cards, banker_cards, count) in the order first reached over the deals.

   Exactness: int64 for shoes of at most WALK_MAX_CARDS = 1,448 cards (N below; the infinite deck's
   weights add up to N = 13). Every value formed is a non-negative integer of at most N**6:
   w (the ways of the first four cards) counts ordered four-card sequences, at most N**4; w * c[t] at
   most N**5; a state's sum of such terms counts disjoint sets of sequences (or, with replacement,
   weights them), so it is at most N**5, and acc[u] (the ways that removed a u, at most five per way)
   is at most 5 * N**5 <= N**6 (N >= 6); acc[10] * c0[u] is at most N**5 * N = N**6; a six-card count
   and any sum of them (a coup's) is at most the total N(N-1)...(N-5) <= N**6. 1448**6 =
   9,217,462,324,974,321,664 < 2**63 = 9,223,372,036,854,775,808 < 1449**6 = 9,255,722,232,902,778,801,
   so a shoe of more cards is declined (returns None: the Python walk counts it in Python integers).
   tests/punto_banco/test_walk_native.py walks 1,448 and 1,449 cards. */

#define WALK_MAX_CARDS 1448
#define NONE_CARD 10        /* a third card's slot when the hand stood */

typedef struct {
    int64_t c[VALUES];
    int64_t dec;
    unsigned char total[10][10];    /* a hand's total after two values (rules/deal.py's hand_total) */
    unsigned char natural[10][10];  /* whether two totals end the coup (natural_ends_coup) */
    unsigned char player_draws[8];
    unsigned char banker_draws[8][11];
    int64_t stood[10][10][11];
    unsigned char stood_seen[10][10][11];
    int16_t stood_order[1100][3];
    int n_stood;
    int64_t acc[10][10][11][11];
    unsigned char acc_seen[10][10][11];
    int16_t acc_order[1100][3];
    int n_acc;
} WalkState;

/* Note (pt, bt, t) in the order first reached (walk_python's dict order). */
static void walk_remember(unsigned char seen[10][10][11], int16_t order[1100][3], int *n, int pt, int bt, int t) {
    if (!seen[pt][bt][t]) {
        seen[pt][bt][t] = 1;
        order[*n][0] = (int16_t)pt;
        order[*n][1] = (int16_t)bt;
        order[*n][2] = (int16_t)t;
        (*n)++;
    }
}

static void walk_stood(WalkState *s, int pt, int bt, int t, int64_t ways) {
    walk_remember(s->stood_seen, s->stood_order, &s->n_stood, pt, bt, t);
    s->stood[pt][bt][t] += ways;
}

static void walk_draws(WalkState *s, int pt, int bt, int t, int64_t ways, int p1, int p2, int b1, int b2) {
    walk_remember(s->acc_seen, s->acc_order, &s->n_acc, pt, bt, t);
    int64_t *acc = s->acc[pt][bt][t];
    acc[10] += ways;
    acc[p1] += ways;
    acc[p2] += ways;
    acc[b1] += ways;
    acc[b2] += ways;
    if (t != NONE_CARD) acc[t] += ways;
}

/* A hand's two cards a <= b drawn from c (rules/deal.py's deal_two_cards): their ways, unordered (twice
   for distinct values), with both taken out of c (dec 0: with replacement). */
static inline int64_t walk_two_cards(int64_t *c, int a, int b, int64_t dec) {
    int64_t ways = c[a] * (a == b ? 1 : 2);
    c[a] -= dec;
    ways *= c[b];
    c[b] -= dec;
    return ways;
}

static inline void walk_put_back(int64_t *c, int a, int b, int64_t dec) {
    c[a] += dec;
    c[b] += dec;
}

/* One deal of the first four cards (walk_python's loop body). */
static void walk_deal(WalkState *s, int p1, int p2, int b1, int b2, int64_t w) {
    int pt = s->total[p1][p2], bt = s->total[b1][b2];
    const int64_t *c = s->c;
    if (s->natural[pt][bt]) {
        walk_stood(s, pt, bt, NONE_CARD, w);
        return;
    }
    if (s->player_draws[pt]) {
        for (int t = 0; t < 10; t++)
            if (!s->banker_draws[bt][t] && c[t]) walk_stood(s, pt, bt, t, w * c[t]);
        for (int t = 0; t < 10; t++)
            if (s->banker_draws[bt][t] && c[t]) walk_draws(s, pt, bt, t, w * c[t], p1, p2, b1, b2);
    } else if (s->banker_draws[bt][10]) {
        walk_draws(s, pt, bt, NONE_CARD, w, p1, p2, b1, b2);
    } else {
        walk_stood(s, pt, bt, NONE_CARD, w);
    }
}

/* A Deal: an instance of the given tuple subclass (a named tuple: no fields of its own) holding four items. */
static PyObject *walk_key(PyTypeObject *deal, int pt, int bt, int t, int u) {
    PyObject *key = deal->tp_alloc(deal, 4);
    if (key == NULL) return NULL;
    int items[4] = {pt, bt, t, u};
    for (int i = 0; i < 4; i++) {
        PyObject *item = items[i] == NONE_CARD ? Py_NewRef(Py_None) : PyLong_FromLong(items[i]);
        if (item == NULL) {
            Py_DECREF(key);
            return NULL;
        }
        PyTuple_SET_ITEM(key, i, item);
    }
    return key;
}

/* Add one deal to the dict and its count to its coup's. */
static int walk_put(PyObject *deals, PyTypeObject *deal, const unsigned char total[10][10], int pt, int bt, int t,
                    int u, int64_t n,
                    int64_t coups[10][10][2][2], unsigned char coup_seen[10][10][2][2], int16_t coup_order[400][4],
                    int *n_coups) {
    PyObject *key = walk_key(deal, pt, bt, t, u);
    if (key == NULL) return -1;
    PyObject *value = PyLong_FromLongLong(n);
    if (value == NULL || PyDict_SetItem(deals, key, value) < 0) {
        Py_DECREF(key);
        Py_XDECREF(value);
        return -1;
    }
    Py_DECREF(key);
    Py_DECREF(value);
    int p = t == NONE_CARD ? pt : total[pt][t], b = u == NONE_CARD ? bt : total[bt][u];
    int pc = t != NONE_CARD, bc = u != NONE_CARD;
    if (!coup_seen[p][b][pc][bc]) {
        coup_seen[p][b][pc][bc] = 1;
        int16_t *o = coup_order[(*n_coups)++];
        o[0] = (int16_t)p, o[1] = (int16_t)b, o[2] = (int16_t)pc, o[3] = (int16_t)bc;
    }
    coups[p][b][pc][bc] += n;
    return 0;
}

PyDoc_STRVAR(walk_doc,
"walk(value_counts, with_replacement, totals, naturals, player_draws, banker_draws, deal)\n"
"-> (deals, coups) or None\n\n"
"exact_odds/punto_banco/walk.py's walk_python in int64: value_counts the ten counts (or the infinite\n"
"deck's weights, with_replacement true), totals 100 bytes (a hand's total after values a, b at a*10+b),\n"
"naturals 100 (1 where Player's total p and Banker's b end the coup, at p*10+b: the rules' one home,\n"
"rules/deal.py, gives both), player_draws 8 bytes (0/1 by Player's total 0-7),\n"
"banker_draws 88 (by Banker's total 0-7, the Player's third card 0-9 or none), deal the Deal class.\n"
"deals: {Deal: six-card count} in walk_python's order; coups: [(player, banker, player_cards,\n"
"banker_cards, count)] in the order first reached. None for a shoe of more than 1,448 cards\n"
"(int64's bound, proven in _native.c) or of fewer than 6 (no coup).");

static PyObject *walk(PyObject *self, PyObject *args) {
    PyObject *counts_obj, *deal_obj;
    int with_replacement;
    Py_buffer td, nd, pd, bd;
    if (!PyArg_ParseTuple(args, "Opy*y*y*y*O:walk", &counts_obj, &with_replacement, &td, &nd, &pd, &bd, &deal_obj))
        return NULL;
    PyObject *result = NULL, *deals = NULL, *coup_list = NULL;
    WalkState *s = NULL;
    struct {
        int64_t coups[10][10][2][2];
        unsigned char seen[10][10][2][2];
        int16_t order[400][4];
    } *cp = NULL;
    if (td.len != 100 || nd.len != 100 || pd.len != 8 || bd.len != 88) {
        PyErr_SetString(PyExc_ValueError, "totals and naturals must be 100 bytes, player_draws 8 and banker_draws 88");
        goto done;
    }
    if (!PyType_Check(deal_obj) || !PyType_IsSubtype((PyTypeObject *)deal_obj, &PyTuple_Type) ||
        ((PyTypeObject *)deal_obj)->tp_basicsize != PyTuple_Type.tp_basicsize ||
        ((PyTypeObject *)deal_obj)->tp_itemsize != PyTuple_Type.tp_itemsize) {
        PyErr_SetString(PyExc_TypeError, "deal must be a named tuple class");
        goto done;
    }
    PyObject *seq = PySequence_Fast(counts_obj, "value_counts must be a sequence of 10 ints");
    if (seq == NULL) goto done;
    if (PySequence_Fast_GET_SIZE(seq) != VALUES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "value_counts must be a sequence of 10 ints");
        goto done;
    }
    int64_t c0[VALUES], n_cards = 0;
    int too_many = 0;
    for (int v = 0; v < VALUES; v++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, v);
        if (!PyLong_Check(item)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_TypeError, "value_counts must be a sequence of 10 ints");
            goto done;
        }
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(item, &overflow);
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            goto done;
        }
        if (overflow > 0 || x > WALK_MAX_CARDS) too_many = 1;
        else if (overflow < 0 || x < 0) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "value counts cannot be negative");
            goto done;
        }
        else n_cards += x, c0[v] = x;
    }
    Py_DECREF(seq);
    if (too_many || n_cards > WALK_MAX_CARDS || n_cards < MIN_CARDS) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    s = PyMem_Calloc(1, sizeof(WalkState));
    cp = PyMem_Calloc(1, sizeof(*cp));
    if (s == NULL || cp == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(s->c, c0, sizeof c0);
    s->dec = with_replacement ? 0 : 1;
    for (int a = 0; a < 10; a++)
        for (int b = 0; b < 10; b++) {
            unsigned char x = ((const unsigned char *)td.buf)[a * 10 + b];
            if (x > 9) {
                PyErr_SetString(PyExc_ValueError, "a total must be 0-9");
                goto done;
            }
            s->total[a][b] = x;
            s->natural[a][b] = ((const unsigned char *)nd.buf)[a * 10 + b] != 0;
            if (!s->natural[a][b] && (a > 7 || b > 7)) {  /* the draw tables hold totals 0-7 */
                PyErr_SetString(PyExc_ValueError, "a total of 8 or 9 must end the coup (naturals)");
                goto done;
            }
        }
    for (int p = 0; p < 8; p++) s->player_draws[p] = ((const unsigned char *)pd.buf)[p] != 0;
    for (int b = 0; b < 8; b++)
        for (int t = 0; t < 11; t++) s->banker_draws[b][t] = ((const unsigned char *)bd.buf)[b * 11 + t] != 0;

    /* the first four cards: deal_player_and_banker's loops (rules/deal.py), each hand an unordered pair */
    int64_t *c = s->c, dec = s->dec;
    for (int p1 = 0; p1 < 10; p1++)
        for (int p2 = p1; p2 < 10; p2++) {
            int64_t wp = walk_two_cards(c, p1, p2, dec);
            if (wp)
                for (int b1 = 0; b1 < 10; b1++)
                    for (int b2 = b1; b2 < 10; b2++) {
                        int64_t wb = walk_two_cards(c, b1, b2, dec);
                        if (wb) walk_deal(s, p1, p2, b1, b2, wp * wb);
                        walk_put_back(c, b1, b2, dec);
                    }
            walk_put_back(c, p1, p2, dec);
        }

    /* the ways to draw the unused cards of a coup of k = 4, 5, 6 cards (rules/deal.py's unused_ways) */
    int64_t tail[7];
    tail[6] = 1;
    for (int k = 5; k >= 4; k--) tail[k] = tail[k + 1] * (with_replacement ? n_cards : n_cards - k);
    deals = PyDict_New();
    int n_coups = 0;
    if (deals == NULL) goto done;
    for (int i = 0; i < s->n_stood; i++) {
        int pt = s->stood_order[i][0], bt = s->stood_order[i][1], t = s->stood_order[i][2];
        if (walk_put(deals, (PyTypeObject *)deal_obj, s->total, pt, bt, t, NONE_CARD,
                     s->stood[pt][bt][t] * tail[t == NONE_CARD ? 4 : 5], cp->coups, cp->seen, cp->order, &n_coups) < 0)
            goto done;
    }
    for (int i = 0; i < s->n_acc; i++) {
        int pt = s->acc_order[i][0], bt = s->acc_order[i][1], t = s->acc_order[i][2];
        const int64_t *acc = s->acc[pt][bt][t];
        int64_t tl = tail[t == NONE_CARD ? 5 : 6];
        for (int u = 0; u < 10; u++) {
            int64_t n = acc[10] * c0[u] - dec * acc[u];
            if (n && walk_put(deals, (PyTypeObject *)deal_obj, s->total, pt, bt, t, u, n * tl, cp->coups, cp->seen, cp->order,
                              &n_coups) < 0)
                goto done;
        }
    }
    coup_list = PyList_New(n_coups);
    if (coup_list == NULL) goto done;
    for (int i = 0; i < n_coups; i++) {
        const int16_t *o = cp->order[i];
        PyObject *item = Py_BuildValue("(iiiiL)", o[0], o[1], o[2] + 2, o[3] + 2,
                                       (long long)cp->coups[o[0]][o[1]][o[2]][o[3]]);
        if (item == NULL) goto done;
        PyList_SET_ITEM(coup_list, i, item);
    }
    result = PyTuple_Pack(2, deals, coup_list);
done:
    Py_XDECREF(deals);
    Py_XDECREF(coup_list);
    PyMem_Free(s);
    PyMem_Free(cp);
    PyBuffer_Release(&td);
    PyBuffer_Release(&nd);
    PyBuffer_Release(&pd);
    PyBuffer_Release(&bd);
    return result;
}

static PyMethodDef methods[] = {
    {"prepare", prepare, METH_VARARGS, prepare_doc},
    {"counts", counts, METH_VARARGS, counts_doc},
    {"counts_into", counts_into, METH_VARARGS, counts_into_doc},
    {"edge_parts", edge_parts, METH_VARARGS, edge_parts_doc},
    {"text", text, METH_VARARGS, text_doc},
    {"walk", walk, METH_VARARGS, walk_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "exact_odds_native",
    "The compiled kernel of a pricer (exact_odds/punto_banco/_native.c; the bounds are proven there).",
    -1, methods,
};

PyMODINIT_FUNC PyInit_exact_odds_native(void) {
    PyObject *mod = PyModule_Create(&module);
    if (mod && PyModule_AddIntConstant(mod, "MAX_CARDS", MAX_CARDS) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
