package io.moe.tools.files;

/**
 * The share of disk the download folder may take ({@code moe.tools.downloads.*}): the bytes of all
 * files not yet expired, and the files one user may hold at a time (the orchestrator's own calls count
 * only towards the total).
 */
public record DownloadQuota(long maxTotalBytes, int maxFilesPerUser) {
}
