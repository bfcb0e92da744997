"""The delta-method standard error by numerical derivatives, written apart from statistics.py."""

import math


def delta_method_se(f, columns):
    """The delta-method SE of f(means of columns) over S shoes, from a numerical gradient and the
    sample covariance: √(∇f' C ∇f / S). Written independently of statistics.py's influences."""
    s = len(columns[0])
    means = [sum(c) / s for c in columns]
    grad = []
    for k in range(len(columns)):
        h = 1e-6 * max(1.0, abs(means[k]))
        up, down = list(means), list(means)
        up[k] += h
        down[k] -= h
        grad.append((f(*up) - f(*down)) / (2 * h))
    cov = [[sum((a - ma) * (b - mb) for a, b in zip(ca, cb)) / (s - 1) for cb, mb in zip(columns, means)]
           for ca, ma in zip(columns, means)]
    return math.sqrt(sum(grad[i] * cov[i][j] * grad[j] for i in range(len(grad)) for j in range(len(grad))) / s)
