"""Figures from the job records: overview, templates, trends, recent renders, performance."""

from typing import Any, Dict, Optional

from ._base import Resource, status_query


class Analytics(Resource):
    def overview(self, since: Any = None, until: Any = None) -> Dict[str, Any]:
        """Jobs by status, success rate, rolling windows, render time and queue wait p50/p95, output, active workers."""
        return self._http.request("GET", "/analytics/overview", query={"since": since, "until": until})

    def templates(self, since: Any = None, until: Any = None) -> Dict[str, Any]:
        """Per template and format: jobs, success rate, render time p50/p95, share of all jobs."""
        return self._http.request("GET", "/analytics/templates", query={"since": since, "until": until})

    def trends(
        self,
        metric: Optional[str] = None,
        interval: Optional[str] = None,
        since: Any = None,
        until: Any = None,
        tz: Optional[str] = None,
    ) -> Dict[str, Any]:
        """A metric (completed, failed, render-time-p95, queue-wait-p95, video-seconds) per hour, day or week in the IANA zone ``tz``."""
        return self._http.request("GET", "/analytics/trends", query={"metric": metric, "interval": interval, "since": since, "until": until, "tz": tz})

    def recent(self, limit: Optional[int] = None, status: Any = None) -> Dict[str, Any]:
        """The newest renders with status, poster URL and duration: ``{"renders": [...]}``."""
        return self._http.request("GET", "/analytics/recent", query={"limit": limit, "status": status_query(status)})

    def performance(self, since: Any = None, until: Any = None) -> Dict[str, Any]:
        """Render time and frames per second by template x format x resolution, queue wait, throughput per worker, failures by code."""
        return self._http.request("GET", "/analytics/performance", query={"since": since, "until": until})
